"""Re-derive groups from their remaining events: a few inside the caller's write transaction
(:func:`rederive_groups`), or many in short transactions of their own (:func:`rederive_chunked`).

After a forget of a busy pattern the groups whose evidence changed can hold a large part of the
store's events; folding them all inside one write transaction held the lock for seconds. So
:func:`rederive_chunked` folds each batch of groups from a read snapshot (no lock), then publishes
it in a short write: the records of one (type, pattern) — every scope touched — always in the same
transaction, after checking that no derivation of ours ran since the snapshot (the derivation
row's ``generation``; while the caller's lease is held only the caller writes it). When it did, the
batch is folded again. Only events up to the derivation's watermark are folded: later ones belong
to the next incremental derivation (docs/decisions/0035).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from creative_memory.model.records import PrefKey, PrefState
from creative_memory.model.tables import Derivation, EventPattern, Preference
from creative_memory.services.derivation.derivation_rows import (
    FOLD_SQL,
    Group,
    dbapi_connection,
    fold_key,
    load_group_rows,
    rows_in,
    sa_errors,
)
from creative_memory.services.derivation.pref_writer import PrefWriter
from creative_memory.services.engine.bulk import fold_stored
from creative_memory.services.engine.derive import Deriver
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import Chunker

_ATTEMPTS = 4


def rederive_groups(
    session: Session, user_id: str, groups: set[Group], now: int, *, max_seq: int | None = None
) -> int:
    """Re-derive only the given groups from their remaining events (after a forget rewrote them),
    inside the caller's write transaction: :func:`fold_groups`, then :func:`publish`.

    With ``max_seq``, only events up to that watermark are folded: later ones are not folded yet
    and the next incremental derivation folds them (folding them here too would count them twice).
    """
    if not groups:
        return 0
    deriver = fold_groups(session, user_id, groups, _NO_WATERMARK if max_seq is None else max_seq)
    return publish(session, user_id, groups, list(deriver.records.items()), now)


_NO_WATERMARK = 2**63 - 1  # the largest seq SQLite can store: every event


def _generation(session: Any, user_id: str) -> tuple[int, int] | None:
    row = session.execute(
        select(Derivation.generation, Derivation.max_seq).where(Derivation.user_id == user_id)
    ).first()
    return None if row is None else (int(row[0]), int(row[1]))


_PATTERN_EVENTS = (
    f"SELECT DISTINCT seq FROM {EventPattern.__tablename__} "
    "WHERE user_id = ? AND preference_type = ? AND pattern = ? AND seq <= ? AND scope IN"
)


def fold_groups(session: Any, user_id: str, groups: set[Group], max_seq: int) -> Deriver:
    """The fold of the given groups' events up to ``max_seq``, in fold order: one range of the
    pattern index per (type, pattern) for all its scopes, read from the index alone (it holds the
    scope: migration 0011), and each event read once."""
    scopes: dict[tuple[str, str], set[str]] = {}
    for scope, ptype, pattern in groups:
        scopes.setdefault((ptype, pattern), set()).add(scope)
    con = dbapi_connection(session)  # plain rows: tens of thousands of them
    seqs: set[int] = set()
    for (ptype, pattern), wanted in scopes.items():
        # the pattern's range of the index, its scopes kept by SQLite: a busy pattern's events in
        # other scopes are many times those wanted, and never reach the interpreter
        for (seq,) in rows_in(con, _PATTERN_EVENTS, sorted(wanted), user_id, ptype, pattern, max_seq):
            seqs.add(int(seq))
    rows = list(rows_in(con, f"{FOLD_SQL} WHERE seq IN", sorted(seqs)))
    rows.sort(key=fold_key)
    deriver = Deriver(track_touched=False)
    fold_stored(deriver, rows, only=groups)  # the full derivation's loop, the other groups' items passed over
    return deriver


def publish(
    session: Any, user_id: str, groups: set[Group], records: list[tuple[PrefKey, PrefState]], now: int
) -> int:
    """Inside a write transaction: make the groups' stored records the fold's, keeping when each
    was last injected. A record no longer derived is deleted; one still there is updated in place,
    in the columns that changed (an index none of whose columns changed is not written: a forget
    re-derives hundreds of records in a table with a dozen indexes); a new one is inserted."""
    con = dbapi_connection(session)
    existing = load_group_rows(con, user_id, groups)
    kept = {k for k, _st in records}
    ids = [row[0] for k, row in existing.items() if k not in kept]
    for i in range(0, len(ids), 900):  # through the session: records it holds are dropped with them
        session.execute(delete(Preference).where(Preference.id.in_(ids[i : i + 900])))
    drow = session.get(Derivation, user_id)
    key = drow.cache_key if drow is not None else ""
    writer = PrefWriter(con)
    for k, st in records:
        writer.put_record(st, user_id, now, key, existing.get(k))
    with sa_errors():
        writer.flush()
    for obj in list(session.identity_map.values()):  # a record the session holds is read again
        if isinstance(obj, Preference) and (obj.scope, obj.preference_type, obj.pattern) in groups:
            session.expire(obj)
    return len(records)


def rederive_chunked(
    store: Store,
    user_id: str,
    groups: set[Group],
    now: int,
    *,
    renew: Callable[[Any, str], None] | None = None,
    held: Callable[[float], None] | None = None,
) -> int:
    """Re-derive the groups in short transactions (see the module); returns the records written.
    ``renew`` keeps the caller's lease alive in each write; ``held`` hears how long each held the lock."""
    by_pattern: dict[tuple[str, str], set[Group]] = {}
    for g in groups:
        by_pattern.setdefault((g[1], g[2]), set()).add(g)
    remaining = [by_pattern[k] for k in sorted(by_pattern)]
    written = 0
    for _attempt in range(_ATTEMPTS):
        if not remaining:
            return written
        with store.read() as session:
            seen = _generation(session, user_id)
            if seen is None:
                return written  # no derivation: the next read derives everything
            deriver = fold_groups(session, user_id, set().union(*remaining), seen[1])
        records: dict[tuple[str, str], list[tuple[PrefKey, PrefState]]] = {}
        for k, st in deriver.records.items():
            records.setdefault((k[1], k[2]), []).append((k, st))
        chunker = Chunker(4, minimum=1)  # small first: a popular pattern has records in every scope
        while remaining:
            batch = remaining[: chunker.size]
            t0 = chunker.start()
            with store.write() as session, sa_errors():
                if _generation(session, user_id) != seen:
                    break  # a derivation ran since the snapshot: fold what is left again
                if renew is not None:
                    renew(dbapi_connection(session), user_id)
                wanted: set[Group] = set().union(*batch)
                mine = [
                    r for ptype, pattern in {g[1:] for g in wanted} for r in records.get((ptype, pattern), [])
                ]
                written += publish(session, user_id, wanted, mine, now)
            chunker.record(len(batch), time.perf_counter() - t0)
            if held is not None:
                held(time.perf_counter() - t0)
            remaining = remaining[len(batch) :]
    # Derivations keep running beside this one: fold and publish what is left in one transaction.
    with store.write() as session, sa_errors():
        drow = session.get(Derivation, user_id)
        if drow is not None and remaining:
            left: set[Group] = set().union(*remaining)
            deriver = fold_groups(session, user_id, left, drow.max_seq)
            written += publish(session, user_id, left, list(deriver.records.items()), now)
    return written
