"""Qt item models over the services' read queries (SQL-side filtering, sorting and keyset paging)."""

from gui.models.preferences import PreferenceKey, PreferenceTableModel

__all__ = ["PreferenceKey", "PreferenceTableModel"]
