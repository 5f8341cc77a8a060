"""Qt item models over the services' read queries (SQL-side filtering, sorting and keyset paging).

Each model has a module of its own (the preferences table: `preferences.PreferenceTableModel`);
this package imports nothing, so a model's module never waits on the others."""
