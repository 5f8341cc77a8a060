"""What the Inspector, Diagnostics and `explain` read: filtered, sorted, paged queries
(`queries`, `inspector_query.load_page`, `inspector_text.TextIndex`), the events behind one
preference (`explain.explain`) and the recorded retrievals (`retrieval_log`)."""
