"""Events in: validation and storage (`ingest.ingest_events`, `ingest.ingest_jsonl`,
`ingest.validate_event`), their rows (`event_rows`), free text as it may be stored (`redaction`),
blocked patterns (`blocklist.BlockChecker`), the patterns an event's pages show (`pages.page_evidence`),
reading stored pages again with this extractor (`reextract.reextract`) and the events' JSON Schema
(`wire_schema`)."""
