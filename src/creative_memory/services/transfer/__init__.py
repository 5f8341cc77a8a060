"""Memory to and from a file: the bundle (`bundle`), its encryption (`crypto`), `exporting`,
`importing` with its plan (`import_plan`) and its piece-by-piece reading (`bundle_stream.read_import`,
`json_stream`, `event_rules`), a reset's backup that must import again (`backup.write_backup`), and
the window's lists as JSON or CSV (`list_export`)."""
