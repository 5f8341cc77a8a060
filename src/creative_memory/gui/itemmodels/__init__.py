"""Qt item models over the services' read queries (SQL-side filtering, sorting and keyset paging)."""

from creative_memory.gui.itemmodels.preferences import PreferenceKey, PreferenceTableModel

__all__ = ["PreferenceKey", "PreferenceTableModel"]
