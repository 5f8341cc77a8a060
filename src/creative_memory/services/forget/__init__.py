"""Forgetting for real: a pattern (`forgetting.forget`, `erasure`, `forget_events`, `forget_phases`,
`forget_places`, `forget_scope.targets_for`), a session (`session_forget`), everything (`reset`), the
check before a forget (`matching`) and the proof afterwards (`byte_scan`, `erasure_search`,
`spelled_search`, `erasure.Receipt`)."""
