"""The Inspector's text filter: pattern, type and scope of every preference, matched in memory.

A word is matched against each distinct value once and the matching rows are marked in a byte
mask (``services.inspection.inspector_query`` then reads only those rows); see :class:`TextIndex`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import chain, compress, repeat
from typing import Final

from sqlalchemy.orm import Session

from creative_memory.model.tables import Preference
from creative_memory.services.store.connections import raw_connection


class TextIndex:
    """What the text filter searches — pattern, type and scope of every preference — in memory.

    ``LIKE '%word%'`` cannot use an index, and a scan of 100,000 rows in SQLite costs far more
    than the 50 ms a keystroke may take, so the words are matched here and SQL then reads only the
    matching ids: ``json_each(ids) CROSS JOIN preferences``, or ``id NOT IN (the others)`` when
    most rows match. Built on the store thread the first time a text filter is used after a
    refresh (every refresh drops it). The matching rule is the services' own: every word must
    occur, case-insensitively, in the pattern, the type or the scope (stored values are ASCII, so
    ``str.lower`` agrees with SQLite's ``LIKE``).

    A word never holds whitespace, so it matches a row exactly when it is in one of the row's
    three fields. The fields are matched once per distinct value — 38 k patterns, 8 types and 251
    scopes for the 99.5 k rows of the L store — and the rows of the values that match are marked
    in a byte mask (C loops: ``map``, ``compress``, no Python code per row). A word that contains
    an earlier word (the next prefix as someone types) is only tried on that word's values.
    """

    __slots__ = ("_fields", "_ids", "_last", "_seen")

    #: how many words' matching values are kept for the words typed after them
    REMEMBERED: Final = 32

    def __init__(self, ids: list[int], rows: Iterable[tuple[str, str, str]]) -> None:
        """``rows``: the (pattern, type, scope) of each id, in the order of ``ids`` (read once; an
        iterator may fill ``ids`` as it goes)."""
        # per field: the row positions of each distinct value
        where: tuple[dict[str, list[int]], dict[str, list[int]], dict[str, list[int]]] = ({}, {}, {})
        patterns, types, scopes = where
        for i, (pattern, kind, scope) in enumerate(rows):
            at = patterns.get(pattern)
            if at is None:
                patterns[pattern] = [i]
            else:
                at.append(i)
            at = types.get(kind)
            if at is None:
                types[kind] = [i]
            else:
                at.append(i)
            at = scopes.get(scope)
            if at is None:
                scopes[scope] = [i]
            else:
                at.append(i)
        self._ids = ids
        self._fields = tuple(_Field([v.lower() for v in w], list(w.values())) for w in where)
        self._last: TextMatch | None = None
        self._seen: dict[str, tuple[list[int], ...]] = {}

    @classmethod
    def load(cls, session: Session, user_id: str) -> TextIndex:
        # The plain DB-API cursor: 100,000 small rows, no ORM row objects (several times faster).
        table = Preference.__tablename__
        cursor = raw_connection(session).execute(
            f"SELECT id, pattern, preference_type, scope FROM {table} WHERE user_id = ?", (user_id,)
        )
        ids: list[int] = []

        def rows() -> Iterator[tuple[str, str, str]]:
            # a chunk at a time: never 100,000 row tuples alive at once (a collection of the GUI
            # thread that runs meanwhile would have to walk each of them)
            while chunk := cursor.fetchmany(2048):
                for r in chunk:
                    ids.append(r[0])
                    yield r[1], r[2], r[3]

        return cls(ids, rows())

    def __len__(self) -> int:
        return len(self._ids)

    def _values_with(self, word: str) -> tuple[list[int], ...]:
        """Per field, the distinct values that contain ``word``."""
        found = self._seen.get(word)
        if found is not None:
            return found
        # the values of a shorter word inside this one are the only candidates
        wider = max((w for w in self._seen if w in word), key=len, default=None)
        found = tuple(
            f.matching(word, None if wider is None else self._seen[wider][k])
            for k, f in enumerate(self._fields)
        )
        if len(self._seen) >= self.REMEMBERED:
            del self._seen[next(iter(self._seen))]
        self._seen[word] = found
        return found

    def _mask(self, word: str) -> int:
        """The rows that ``word`` matches: a byte per row (1: it matches) read as one int, so that
        several words' rows intersect with one ``&``."""
        mask = bytearray(len(self._ids))
        for f, values in zip(self._fields, self._values_with(word), strict=True):
            f.mark(mask, values)
        return int.from_bytes(mask, "little")

    def match(self, text: str) -> TextMatch:
        """The rows that match every word of ``text`` (all rows for no word)."""
        key = " ".join(text.lower().split())
        if self._last is not None and self._last.key == key:
            return self._last
        n = len(self._ids)
        words = key.split()
        if not words:
            mask = b"\x01" * n
        else:
            bits = self._mask(words[0])
            for word in words[1:]:
                bits &= self._mask(word)  # one byte per row: 0 or 1
            mask = bits.to_bytes(n, "little")
        self._last = TextMatch(key, self._ids, mask)
        return self._last

    def split(self, text: str) -> tuple[list[int], list[int]]:
        """(ids that match every word of ``text``, ids that do not)."""
        m = self.match(text)
        return m.hit(), m.miss()


class TextMatch:
    """What one text matched: the number of rows, and (made when first asked for, then kept) the
    ids that match, the ids that do not, or the smaller of the two as a set."""

    __slots__ = ("_hit", "_ids", "_mask", "_miss", "count", "key")

    def __init__(self, key: str, ids: list[int], mask: bytes) -> None:
        self.key = key
        self._ids = ids
        self._mask = mask
        self.count = mask.count(1)
        self._hit: list[int] | None = None
        self._miss: list[int] | None = None

    @property
    def misses(self) -> int:
        return len(self._ids) - self.count

    def hit(self) -> list[int]:
        if self._hit is None:
            self._hit = list(compress(self._ids, self._mask))
        return self._hit

    def miss(self) -> list[int]:
        if self._miss is None:
            self._miss = (
                [] if self.count == len(self._ids) else list(compress(self._ids, self._mask.translate(_FLIP)))
            )
        return self._miss

    def listed(self) -> tuple[frozenset[int], bool]:
        """(the ids that match, True) or, when fewer rows do not, (the ids that do not, False)."""
        if self.count <= self.misses:
            return frozenset(compress(self._ids, self._mask)), True
        return frozenset(compress(self._ids, self._mask.translate(_FLIP))), False


#: bytes 0 and 1 swapped: the rows a mask leaves out
_FLIP: Final = bytes([1, 0]) + bytes(range(2, 256))


class _Field:
    """One searched field: its distinct lower-cased values and the rows that hold each."""

    __slots__ = ("rows", "values")

    def __init__(self, values: list[str], rows: list[list[int]]) -> None:
        self.values = values
        self.rows = rows

    def matching(self, word: str, among: list[int] | None) -> list[int]:
        values = self.values
        if among is None:
            return [i for i, v in enumerate(values) if word in v]
        return [i for i in among if word in values[i]]

    def mark(self, mask: bytearray, values: list[int]) -> None:
        rows = self.rows
        positions = chain.from_iterable(rows[i] for i in values)
        deque(map(mask.__setitem__, positions, repeat(1)), maxlen=0)
