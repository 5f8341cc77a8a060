"""Not a speed figure: what an ingest stores. The events of ``bench_ingest`` are ingested (batches of
1000, derivation kept current) into a working copy of the size's store, and every table of ours is
printed as its row count and a digest of its rows (every column, in rowid order), so that two
checkouts can be compared: run it with each one's code and compare the lines.

    python -m bench.ingest_rows --size M --events 20000

Left out because they differ between any two runs of the same code: the preference epochs (random
by design, decision 0034), the derivation row's ``generation`` (it counts transactions) and each
preference row's ``cache_key`` (the derivation key when the row was last written) and ``id`` (new
rows are numbered in the order their chunk writes them): both depend on where the chunks of 50 ms
of lock time fell, so the preferences are compared in key order without them.
"""

from __future__ import annotations

import hashlib
import sqlite3

from bench.bench_ingest import BATCH, stream, validate
from bench.common import USER, BenchStore, demo_store, parser, working_copy
from creative_memory.services.derivation.derivation import ensure_current
from creative_memory.services.ingest import ingest

SKIP: dict[str, set[str] | None] = {
    "creative_memory_pref_epochs": None,  # the whole table
    "creative_memory_derivations": {"generation"},
    "creative_memory_preferences": {"id", "cache_key"},
}
#: Tables whose rows are compared in another order than their rowids'.
ORDER = {"creative_memory_preferences": "user_id, scope, preference_type, pattern, polarity"}


def digests(con: sqlite3.Connection) -> list[str]:
    out: list[str] = []
    tables = con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'creative_memory_%' ORDER BY name"
    ).fetchall()
    for (table,) in tables:
        skip = SKIP.get(table, set())
        if skip is None:
            continue
        cols = [r[1] for r in con.execute(f"PRAGMA table_info({table})") if r[1] not in skip]
        h = hashlib.sha256()
        n = 0
        order = ORDER.get(table, "rowid")
        for row in con.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}"):
            h.update(repr(tuple((type(v).__name__, v) for v in row)).encode())
            n += 1
        out.append(f"{table:40} {n:>8} {h.hexdigest()[:32]}")
    return out


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__ or "")
    p.add_argument("--events", type=int, default=20_000, help="events to ingest (default 20000)")
    args = p.parse_args(argv)
    bs: BenchStore = demo_store(args.size, args.seed, fresh=args.fresh)
    events, _took = validate(stream(args.events, args.seed))
    now = max(e.occurred_ms for e in events) + 60_000
    with working_copy(bs) as store:
        ensure_current(store, USER, now)
        for i in range(0, len(events), BATCH):
            ingest.ingest_events(store, events[i : i + BATCH], default_user=USER, now=now)
        with store.raw() as con:
            lines = digests(con)
    print(f"== rows after ingesting {len(events)} events into {args.size} (seed {args.seed})")
    for line in lines:
        print("   " + line)


if __name__ == "__main__":
    main()
