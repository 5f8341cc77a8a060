"""The rows a bounded candidate read (``services.retrieval.candidates``) takes from the preferences table:
their columns and orders, reading them (the stale ones too), and turning one into the engine's
record.

A retrieval reads only the columns the engine decides with — the key, strength, tier, status and
the three moments that say whether the stored evaluation holds at ``now`` — plus the head of the
fold state (the tie order and the provisional mark). The counters and marks of the fold (accept,
reject, pairwise and reversal counts, shadow and demotion marks, the last sequence number, the last
injection) are not read: no stage, event or block uses them, and at M they were 10 of 22 columns
of ~300 rows per retrieval. A record built from a row carries their empty values; a record read
from its fold state (a what-if in the past) carries them all.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

from creative_memory.model.constants import INJECTION_THRESHOLD, Polarity, Status, Tier
from creative_memory.model.records import PrefState
from creative_memory.model.tables import SQL_CREATED_ORDER, SQL_ELIGIBLE, SQL_NOT_ARCHIVED
from creative_memory.services.engine.evaluation import ARCHIVE_MS
from creative_memory.services.engine.retrieve import GroupKey, drop_reason
from creative_memory.services.retrieval import candidate_ties as ties

TABLE = "creative_memory_preferences"
COLS = (
    "id, scope, preference_type, pattern, polarity, strength, confidence, status, decay_at, "
    "last_seen, evaluated_at, "
    # The creation position (the engine's tie order) and the provisional mark have no columns:
    # they open the fold state's text (services/retrieval/candidate_ties.py).
    f"{ties.HEAD}"
)
# The engine's order within a group, and among one scope's ineligible records: the order of the
# two ranked indexes (the same expressions, so SQLite reads them in order instead of sorting).
_CREATED = ", ".join(SQL_CREATED_ORDER)
RANK_ORDER = f"strength DESC, {_CREATED}, pattern"
INELIGIBLE_ORDER = f"strength DESC, {_CREATED}, preference_type, pattern, polarity"

# The reads of a bounded candidate read (``services.retrieval.candidates``).
# A record whose stored evaluation is its evaluation at now (?2: now, ?3: the archive cut).
_FRESH = f"evaluated_at <= ?2 AND NOT ({SQL_NOT_ARCHIVED} AND (decay_at <= ?2 OR last_seen <= ?3))"
# A global that a project record hides (same type and pattern) is left out of its group by one
# probe of the unique key's index per row read (?7: the project's scope), not by a list of ids
# that SQLite would sort again for every group read.
_NOT_HIDDEN = (
    f" AND NOT EXISTS (SELECT 1 FROM {TABLE} AS o WHERE o.user_id = ?1 AND o.scope = ?7 "
    f"AND o.preference_type = {TABLE}.preference_type AND o.pattern = {TABLE}.pattern)"
)
_GROUP_WHERE = (
    f"user_id = ?1 AND scope = ?4 AND polarity = ?5 AND preference_type = ?6 AND {SQL_ELIGIBLE} AND {_FRESH}"
)


def _group_sql(where: str, k: int) -> str:
    """A group's next range (``k``: the numbered parameters before the limit and the offset)."""
    return (
        f"SELECT {COLS} FROM {TABLE} INDEXED BY ix_cm_prefs_rank WHERE {where} "
        f"ORDER BY {RANK_ORDER} LIMIT ?{k + 1} OFFSET ?{k + 2}"
    )


# The two texts a group is read with, made once: a statement's text is hashed to find it in the
# connection's statement cache, and a text made per read would be hashed anew every time.
GROUP_SQL = _group_sql(_GROUP_WHERE, 6)
GROUP_SQL_NOT_HIDDEN = _group_sql(_GROUP_WHERE + _NOT_HIDDEN, 7)
INELIGIBLE_SQL = (
    f"SELECT {COLS} FROM {TABLE} INDEXED BY ix_cm_prefs_ineligible "
    f"WHERE user_id = ?1 AND scope = ?4 AND NOT ({SQL_ELIGIBLE}) AND {_FRESH} "
    f"ORDER BY {INELIGIBLE_ORDER} LIMIT ?5"
)

_POLARITY = {str(p): p for p in Polarity}
_TIER = {str(t): t for t in Tier}
_STATUS = {str(s): s for s in Status}

Row = tuple[int, str, str, str, str, float, str, str, int, int, int, str | None]


#: PrefState's fields in declaration order, as ``row_state`` passes them (positionally: a keyword
#: call of a 28-field dataclass costs twice as much, and a retrieval builds ~300 records at M).
#: ``tests/unit/test_candidates.py`` holds this to ``dataclasses.fields(PrefState)``.
ROW_STATE_FIELDS = (
    "scope", "preference_type", "pattern", "polarity", "strength", "confidence", "status", "decay_at",
    "first_seen", "last_seen", "as_of", "sources", "explicit_tags", "accept_count", "reject_count",
    "pairwise_count", "reversal_signals", "reversal_sessions", "reversal_first_seen", "shadow_of",
    "demoted_by", "decay_count", "last_seq", "last_injected_at", "provisional", "created_at",
    "created_seq", "created_item",
)  # fmt: skip


def row_state(row: Row, now: int) -> PrefState:
    """A record from its stored evaluation (``evaluated_at <= now``), as of ``now`` unless it is due;
    the fold's counters and marks, which are not read, are left empty (see the module notes)."""
    evaluated_at = row[10]
    due = row[7] != "archived" and (row[8] <= now or row[9] <= now - ARCHIVE_MS)
    created_at, created_seq, created_item, provisional = ties.parse_head(row[11])
    return PrefState(
        row[1], row[2], row[3], _POLARITY[row[4]], row[5], _TIER[row[6]], _STATUS[row[7]], row[8],
        0, row[9], evaluated_at if due or evaluated_at > now else now, [], [], 0, 0, 0, 0, [], None,
        None, None, 0, 0, None, provisional, created_at, created_seq, created_item,
    )  # fmt: skip


def stored_class(row: Row, hidden: bool, types: Sequence[str] | None) -> str:
    """The engine's verdict on a record from its stored evaluation (reason, or eligible/suppressed)."""
    reason = drop_reason(row[5], row[7], row[6], row[2], types)
    if reason is not None:
        return reason
    return "suppressed" if hidden else "eligible"


def read_rows(con: sqlite3.Connection, sql: str, params: Sequence[object]) -> list[Row]:
    rows: list[Row] = con.execute(sql, params).fetchall()
    return rows


def rows_by_ids(con: sqlite3.Connection, ids: Sequence[int]) -> list[Row]:
    if not ids:
        return []
    return read_rows(con, f"SELECT {COLS} FROM {TABLE} WHERE id IN ({','.join('?' * len(ids))})", ids)


def strength_order(r: Row) -> tuple[object, ...]:
    """A row's place in the engine's strength order (``engine.order.strength_key``)."""
    created_at, created_seq, created_item, _provisional = ties.parse_head(r[11])
    return (-r[5], r[1] != "global", created_at, created_seq, created_item, r[2], r[3], r[4])


def stale_rows(
    con: sqlite3.Connection, user_id: str, scopes: Sequence[str], now: int, archive_cut: int
) -> tuple[dict[int, Row], dict[int, str]]:
    """The records whose stored evaluation is not their evaluation at ``now`` — due to decay or
    archive, or evaluated after ``now`` (a what-if in the past) — and, for the latter, their fold
    state's text, which they are read from."""
    marks = ",".join("?" * len(scopes))
    stale: dict[int, Row] = {}
    for index, column in (("ix_cm_prefs_due_decay", "decay_at"), ("ix_cm_prefs_due_lastseen", "last_seen")):
        for r in read_rows(
            con,
            f"SELECT {COLS} FROM {TABLE} INDEXED BY {index} WHERE user_id = ? AND {SQL_NOT_ARCHIVED} "
            f"AND {column} <= ? AND scope IN ({marks})",
            (user_id, now if column == "decay_at" else archive_cut, *scopes),
        ):
            stale[r[0]] = r
    future: dict[int, str] = {}
    for r in con.execute(
        f"SELECT {COLS}, state FROM {TABLE} INDEXED BY ix_cm_prefs_user_evaluated WHERE user_id = ? "
        f"AND evaluated_at > ? AND scope IN ({marks})",
        (user_id, now, *scopes),
    ):
        stale[r[0]] = r[:-1]
        future[r[0]] = r[-1]
    return stale, future


def stale_in_groups(stale: Mapping[int, Row], hidden_ids: frozenset[int]) -> dict[GroupKey, tuple[int, int]]:
    """Per (scope, polarity, type), the stale rows eligible by their stored evaluation (those the
    group counts) and how many of them are hidden globals: a group's read leaves them out."""
    out: dict[GroupKey, tuple[int, int]] = {}
    for rid, r in stale.items():
        if r[7] == "stable" and r[6] != "low" and r[5] >= INJECTION_THRESHOLD:  # SQL_ELIGIBLE
            n_stale, n_hidden = out.get((r[1], r[4], r[2]), (0, 0))
            out[(r[1], r[4], r[2])] = (n_stale + 1, n_hidden + (rid in hidden_ids))
    return out
