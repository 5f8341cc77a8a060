"""What the Overview, the Inspector, Diagnostics and `explain` read: the Overview's facts in plain SQL
(`overview.overview_facts`), filtered, sorted, paged queries
(`queries`, `inspector_query.load_page`, `inspector_text.TextIndex`), the events behind one
preference (`explain.explain`) with what pages showed of it (`page_evidence.summary`), the recorded
retrievals (`retrieval_log`), and the report of everything memory knows (`report.gather`,
`report_html.save_report`, locked with a passphrase by `report_lock.lock`)."""
