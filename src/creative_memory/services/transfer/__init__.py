"""Memory to and from a file: the bundle (`bundle`), its encryption (`crypto`), `exporting`,
`importing` with its plan (`import_plan`), and the window's lists as JSON or CSV (`list_export`)."""
