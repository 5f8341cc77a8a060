"""Where the store is, found without opening it: the data-folder rules (`datadir.resolve_data_dir`,
`datadir.DataDir`), every install of Open Design on this machine (`discovery.discover`), and what a
store file holds before it is opened (`schema.probe_revision`, `schema.has_tables`,
`schema.alembic_config`)."""
