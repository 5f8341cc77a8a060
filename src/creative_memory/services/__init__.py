"""What the program does: store, engine, controls. Never imports Qt."""
