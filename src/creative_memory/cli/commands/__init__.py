"""One module per command group; ``cli.main`` imports a module only when its command runs."""
