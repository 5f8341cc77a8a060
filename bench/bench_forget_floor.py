"""How close a verified forget can come to twice the byte search: the least it must do, measured
beside that search in one run (issue 32, point 10; bench/README.md, "Fifth session").

On a working copy of the store, for the busiest pattern (the one ``bench_forget`` calls busiest):

1. the byte search of the files alone for its name, as ``bench_forget`` measures it (the reference:
   the median of three searches before the writes and three after);
2. its events' payloads rewritten in Python, as the forget rewrites them (untimed in the floor);
3. the row changes the forget makes, and nothing else: the rewritten payloads stored, the emptied
   events and their pattern-index rows deleted, the target's index rows deleted; in one write
   transaction with the store's pragmas, then the checkpoint that empties the log. No lease, no
   chunks under the lock budget, no placeholders, no diff scan, no receipt;
4. the fold of the groups those events fed, from a read snapshot (not published).

The floor is 1 + 3 + 4: what any forget that proves its erasure by one search after its writes
must spend on this machine, whatever else it gets right.

    PYTHONPATH=src:. python -m bench.bench_forget_floor --size L
"""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter
from typing import Any

from bench.bench_forget import pick_patterns, search_alone
from bench.common import USER, demo_store, header, make_current, parser, working_copy
from creative_memory.model.events import payload_items
from creative_memory.services.derivation.derivation_rows import dbapi_connection, execute_in, rows_in
from creative_memory.services.derivation.event_content import canonical
from creative_memory.services.derivation.regroup import fold_groups
from creative_memory.services.forget import forget_events
from creative_memory.services.forget.erasure import Target
from creative_memory.services.store.store import Store

_EVENTS = "creative_memory_events"
_INDEX = "creative_memory_event_patterns"


def _plan(
    store: Store, target: Target
) -> tuple[list[tuple[str, int]], list[int], set[tuple[str, str, str]], float]:
    """The target's events rewritten in Python: (new payload, seq) to store, seqs to delete, the
    groups whose evidence changed, and the milliseconds the rewriting took."""
    with store.read() as session:
        seqs = sorted(forget_events.indexed_events(session, USER, target))
        sql = f"SELECT seq, scope, payload FROM {_EVENTS} WHERE seq IN"
        rows = list(rows_in(dbapi_connection(session), sql, seqs))
    t0 = time.perf_counter()
    rewrites: list[tuple[str, int]] = []
    deletes: list[int] = []
    groups: set[tuple[str, str, str]] = set()
    for seq, scope, text in rows:
        before: dict[str, Any] = json.loads(text)
        after, alive = forget_events._rewrite_payload(before, target)
        removed = Counter(payload_items(before)) - Counter(payload_items(after) if alive else [])
        groups.update((scope, t, p) for t, p, _pol, _role in removed)
        if alive:
            rewrites.append((canonical(after), seq))
        else:
            deletes.append(seq)
    return rewrites, deletes, groups, (time.perf_counter() - t0) * 1000


def _write(
    store: Store, target: Target, rewrites: list[tuple[str, int]], deletes: list[int]
) -> dict[str, float]:
    """The row changes in one transaction, then the checkpoint (ms per step)."""
    out: dict[str, float] = {}
    with store.raw() as con:
        t0 = time.perf_counter()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO creative_memory_quiet (id) VALUES (1)")  # as every forget write
        con.executemany(f"UPDATE {_EVENTS} SET payload = ? WHERE seq = ?", rewrites)
        execute_in(con, f"DELETE FROM {_INDEX} WHERE seq IN", deletes)
        execute_in(con, f"DELETE FROM {_EVENTS} WHERE seq IN", deletes)
        con.execute(
            f"DELETE FROM {_INDEX} WHERE user_id = ? AND preference_type = ? AND pattern = ?",
            (USER, target.preference_type, target.pattern),
        )
        con.execute("DELETE FROM creative_memory_quiet")
        t1 = time.perf_counter()
        con.execute("COMMIT")
        t2 = time.perf_counter()
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        t3 = time.perf_counter()
    out["statements"] = (t1 - t0) * 1000
    out["commit"] = (t2 - t1) * 1000
    out["checkpoint"] = (t3 - t2) * 1000
    out["all"] = (t3 - t0) * 1000
    return out


def _fold(store: Store, groups: set[tuple[str, str, str]]) -> float:
    with store.read() as session:
        (top,) = dbapi_connection(session).execute(f"SELECT max(seq) FROM {_EVENTS}").fetchone()
        t0 = time.perf_counter()
        fold_groups(session, USER, groups, int(top))
        return (time.perf_counter() - t0) * 1000


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__ or "")
    args = p.parse_args(argv)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header(f"the floor of a verified forget, size {args.size}", bs)
    with working_copy(bs) as store:
        make_current(store, bs)
        _label, ptype, pattern, n = pick_patterns(store, 0)[0]
        target = Target(ptype, pattern)
        before = [search_alone(store, pattern, runs=1) for _ in range(3)]
        rewrites, deletes, groups, python_ms = _plan(store, target)
        wrote = _write(store, target, rewrites, deletes)
        fold = statistics.median(_fold(store, groups) for _ in range(3))
        after = [search_alone(store, pattern, runs=1) for _ in range(3)]
    search = statistics.median(before + after)  # the file is smaller after, and the machine moves
    floor = wrote["all"] + fold + search
    print(
        f"   busiest {ptype}/{pattern}: {n} events, {len(rewrites)} rewritten, {len(deletes)} deleted, {len(groups)} groups"
    )
    print(
        f"   byte search of the files alone: {search:.0f} ms, the median of "
        f"{' / '.join(f'{x:.0f}' for x in before)} ms before the writes "
        f"and {' / '.join(f'{x:.0f}' for x in after)} ms after"
    )
    print(f"   payloads rewritten in Python (not in the floor): {python_ms:.0f} ms")
    print(
        f"   row changes in one transaction: {wrote['all']:.0f} ms (statements {wrote['statements']:.0f}, "
        f"commit {wrote['commit']:.0f}, checkpoint {wrote['checkpoint']:.0f})"
    )
    print(f"   fold of the {len(groups)} groups (median of 3): {fold:.0f} ms")
    print(f"   floor: {floor:.0f} ms = {floor / search:.2f} × the search (target of a whole forget: ≤ 2 ×)")


if __name__ == "__main__":
    main()
