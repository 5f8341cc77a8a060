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
"""

from __future__ import annotations

import gc
import json

from bench.common import NOW, USER, busiest_project, demo_store, parser, working_copy
from creative_memory.cli.commands.serve import answer
from creative_memory.services.context import Actor, Context
from creative_memory.services.datadir import DataDir
from creative_memory.services.host import Host


def main() -> None:
    p = parser("Retrievals through serve's answer(), for an instruction counter")
    p.add_argument("--calls", type=int, default=40, help="calls after the warm-up (default 40)")
    p.add_argument("--dry-run", action="store_true", help="dry runs instead of recorded retrievals")
    args = p.parse_args()
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    with working_copy(bs) as store:
        project, _records = busiest_project(store)
        folder = store.path.parent
        host = Host(Context(data_dir=DataDir(folder, "flag"), user=USER, actor=Actor.CLI, now_override=NOW))

        def call(i: int) -> None:
            params = {"project_id": project, "dry_run": args.dry_run}
            line = json.dumps({"jsonrpc": "2.0", "id": i, "method": "retrieve", "params": params})
            response = answer(host, line.encode())
            assert response is not None and "result" in response, response

        for i in range(10):
            call(i)
        gc.freeze()  # as serve does once its libraries are loaded
        for i in range(args.calls):
            call(i)


if __name__ == "__main__":
    main()
