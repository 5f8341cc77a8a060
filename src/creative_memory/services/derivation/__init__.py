"""Raw events to preferences, kept current: the cache brought up to date (`derivation.ensure_current`),
whether it is current (`cache_state.is_current`) and its key (`cache_key`), an event as derivation
reads it (`event_content.content_hash`, `event_content.pattern_rows`), incremental derivation
(`incremental`), others' changes (`changes`), a full rebuild (`rebuild`, `rebuild_fold`,
`fold_split`), regrouping (`regroup`, `rederive`), decay over time (`decay.DecayRun`, `reevaluate`),
preference rows (`derivation_rows`, `pref_epochs`) and a stored preference as read at one moment
(`pref_view.PreferenceView`)."""
