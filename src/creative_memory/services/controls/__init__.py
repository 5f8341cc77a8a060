"""What a person switches: memory on/off, pauses, project switches (`controls`), memory notes
(`notes`), the projects a person can choose (`project_choices`), per-project counts
(`project_counts`), `status` (`status.status`) and the activity log (`audit`)."""
