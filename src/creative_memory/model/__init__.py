"""What the data is: tables, schemas, enums and constants. No Qt, no I/O policy."""
