"""The stored preference rows of some records made what a delete of them and an insert of the
new ones would leave (apart from the surrogate ``id``), with as little index work as that allows:
used by the incremental derivation (``services.derivation.incremental``) and by the re-derivation
of some groups after a forget (``services.derivation.regroup``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

from creative_memory.model.records import PrefState
from creative_memory.services.derivation.derivation_rows import (
    KEY_COLUMNS,
    PREF_COLUMNS,
    PREF_TABLE,
    pref_values,
)
from creative_memory.services.store.row_batches import insert_many, update_many

#: Non-key columns that an index holds (as a column, in an expression, or in a partial index's
#: condition) or that the epoch trigger watches: setting one costs index work even when its value
#: does not change. Every other non-key column is "plain": rewriting it with its own value costs
#: nothing but the row, which an update writes anyway (tests/unit/test_pref_writer.py checks this
#: list against the schema).
INDEXED_COLUMNS = ("strength", "confidence", "status", "decay_at", "last_seen", "evaluated_at", "state")
_INDEXED = frozenset(PREF_COLUMNS.index(c) for c in INDEXED_COLUMNS)
_PLAIN = tuple(i for i in range(KEY_COLUMNS, len(PREF_COLUMNS)) if i not in _INDEXED)
_NON_KEY = range(KEY_COLUMNS, len(PREF_COLUMNS))
_INJECTED = 1 + PREF_COLUMNS.index("last_injected_at")  # in a stored row (id first)


@lru_cache(maxsize=256)
def _getter(cols: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """The values at ``cols`` as a tuple (itemgetter of one index returns the value alone)."""
    if len(cols) == 1:
        (only,) = cols
        return lambda values: (values[only],)
    return itemgetter(*cols)


class PrefWriter:
    """Writes rows so that the table ends up exactly as a delete-all + insert-all would leave it
    (apart from the surrogate ``id``): unchanged rows are left alone, changed ones are updated in
    place, new ones inserted.

    An update sets the indexed columns that changed (so untouched indexes are not rewritten) and,
    when any plain column changed, every plain column (the same values where they did not
    change): rows fall into a few groups by their changed indexed columns, each written by one
    statement (``services.store.row_batches``) instead of one statement per row.
    """

    def __init__(self, con: sqlite3.Connection) -> None:
        self.con = con
        self.inserts: list[tuple[Any, ...]] = []
        self.updates: dict[tuple[int, ...], list[tuple[Any, ...]]] = {}
        self.unchanged = 0

    def put(self, values: tuple[Any, ...], stored: tuple[Any, ...] | None) -> None:
        """``stored`` is ``(id, *values)`` of the row with the same key, or None."""
        if stored is None:
            self.inserts.append(values)
            return
        new, old = values[KEY_COLUMNS:], stored[KEY_COLUMNS + 1 :]
        if new == old:
            self.unchanged += 1
            return
        changed = [i for i, a, b in zip(_NON_KEY, new, old, strict=True) if a != b]
        if not changed:  # equal after all (a value that is not equal to itself)
            self.unchanged += 1
            return
        cols = tuple(i for i in changed if i in _INDEXED)
        if len(cols) < len(changed):
            cols += _PLAIN
        self.updates.setdefault(cols, []).append((*_getter(cols)(values), stored[0]))

    def put_record(
        self, state: PrefState, user_id: str, now: int, cache_key: str, stored: tuple[Any, ...] | None
    ) -> None:
        """:meth:`put` of a derived record's row, keeping when the stored one was last injected."""
        injected = None if stored is None else stored[_INJECTED]
        self.put(pref_values(state, user_id, now, cache_key, injected), stored)

    def flush(self) -> None:
        con = self.con
        for changed, params in self.updates.items():
            update_many(con, PREF_TABLE, [PREF_COLUMNS[i] for i in changed], params)
        if self.inserts:
            insert_many(con, PREF_TABLE, PREF_COLUMNS, self.inserts)
        self.updates = {}
        self.inserts = []
