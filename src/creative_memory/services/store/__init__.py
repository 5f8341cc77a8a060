"""The store: opening and migrating (`store.Store`, `store_open`), Alembic migrations (`migrations/`),
the program's backup copies (`backups`), short write transactions beside the daemon (`writes.Chunker`,
`writes.WalKeeper`, leases), the lock budget (`lock_clock`, `hot_write`), retries on a busy store
(`retry`), reading the store's own files without dropping SQLite's locks (`held_files`), files
written safely (`safefile`), proof that looking changed nothing (`digest`), the pages' style digests
the events name (`page_digests.drop_unnamed_digests`), and what `where` tells
(`whereabouts.where`, `whereabouts.every_store`, `whereabouts.use`)."""
