"""Retrievals as ``serve`` answers them, in a loop, for an instruction counter.

Wall-clock figures on a shared machine swing by a third from one minute to the next; the number
of instructions a call executes does not. Run this twice under valgrind's callgrind, with no calls
and with some, and divide the difference by the number of calls:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python -m bench.serve_loop --size M --calls 0
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python -m bench.serve_loop --size M --calls 40

(each prints "Collected : N" on standard error). The calls go through ``cli.commands.serve.answer``
on a working copy of the size's demo store, for the project with the most records, after ten
calls that warm the caches up, as ``bench_host`` does with a Node client in front.

``--ingest-between``: before every retrieval (the warm-up's too) the daemon's ``ingest`` sends the
reaction to the last generation — one event on three of the project's patterns, a second after the
previous one and before the bench's ``now`` — as the real daemon does, so what a retrieval keeps
between calls while the preferences do not change is no help. ``--no-retrieve`` sends the same
ingests without the retrievals after the warm-up; the difference of the two runs, divided by the
calls, is a retrieval's cost after an ingest.
"""

from __future__ import annotations

import gc
import json

from bench.common import NOW, USER, busiest_project, demo_store, parser, working_copy
from creative_memory.cli.commands.serve import answer
from creative_memory.model.events import iso
from creative_memory.services.context import Actor, Context
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.rpc.host import Host
from creative_memory.services.store.store import Store


def main() -> None:
    p = parser("Retrievals through serve's answer(), for an instruction counter")
    p.add_argument("--calls", type=int, default=40, help="calls after the warm-up (default 40)")
    p.add_argument("--dry-run", action="store_true", help="dry runs instead of recorded retrievals")
    p.add_argument("--ingest-between", action="store_true", help="an ingest before every retrieval")
    p.add_argument("--no-retrieve", action="store_true", help="with --ingest-between: the ingests alone")
    args = p.parse_args()
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    with working_copy(bs) as store:
        project, _records = busiest_project(store)
        folder = store.path.parent
        ctx = Context(data_dir=DataDir(folder, "flag"), user=USER, actor=Actor.CLI, now_override=NOW)
        host = Host(ctx, record_after_answer=True)  # as serve runs it

        patterns, last = reacted_to(store, project)

        def send(i: int, method: str, params: dict[str, object]) -> None:
            line = json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
            response = answer(host, line.encode())
            assert response is not None and "result" in response, response
            host.settle()  # as serve does once the answer is out

        def call(i: int, retrieve: bool = True) -> None:
            if args.ingest_between:
                send(i, "ingest", {"events": [reaction(i, project, patterns, last, "serve-loop")]})
            if retrieve:
                send(i, "retrieve", {"project_id": project, "dry_run": args.dry_run})

        for i in range(10):
            call(i)
        gc.freeze()  # as serve does once its libraries are loaded
        for i in range(10, 10 + args.calls):
            call(i, retrieve=not args.no_retrieve)


def reaction(
    i: int, project: str, patterns: list[tuple[str, str, str]], last: int, prefix: str
) -> dict[str, object]:
    """The daemon's ``i``-th reaction to a generation: one event on three of ``patterns`` in turn,
    ``i + 1`` seconds after ``last``, signals alternating."""
    picked = [patterns[(3 * i + k) % len(patterns)] for k in range(3)]
    return {
        "event_id": f"{prefix}-{i}",
        "project_id": project,
        "signal_type": "thumbs_up" if i % 2 else "manual_refinement",
        "occurred_at": iso(last + (i + 1) * 1000),
        "patterns": [{"preference_type": t, "pattern": n, "polarity": pol} for t, n, pol in picked],
    }


def reacted_to(store: Store, project: str) -> tuple[list[tuple[str, str, str]], int]:
    """The patterns a reaction names (the project's strongest records, in turn) and the moment of
    the store's last event (the reactions come a second apart after it, before ``NOW``)."""
    with store.snapshot() as con:
        rows = con.execute(
            "SELECT preference_type, pattern, polarity FROM creative_memory_preferences "
            "WHERE user_id = ? AND project_id = ? ORDER BY strength DESC, id LIMIT 24",
            (USER, project),
        ).fetchall()
        (last,) = con.execute("SELECT max(occurred_at) FROM creative_memory_events").fetchone()
    assert last + 1000 * 1000 < NOW  # room for a thousand reactions, a second apart
    return [(str(t), str(n), str(pol)) for t, n, pol in rows], int(last)


if __name__ == "__main__":
    main()
