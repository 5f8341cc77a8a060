"""Small reusable widgets: the state banner, the strength bar, empty states, the filter box, the
sliding switch and the strength chart. Each has a module of its own; the names most tabs use are
handed on here."""

from creative_memory.gui.widgets.banner import BANNER_KINDS, Banner, BannerKind, accent_colour, is_dark
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.gui.widgets.strength import STRENGTH_ROLE, StrengthBarDelegate

__all__ = [
    "BANNER_KINDS",
    "STRENGTH_ROLE",
    "Banner",
    "BannerKind",
    "EmptyState",
    "FilterLineEdit",
    "StrengthBarDelegate",
    "accent_colour",
    "is_dark",
]
