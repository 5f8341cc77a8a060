"""Beside the daemon: each write operation on a copy of the store while a Node better-sqlite3
writer with the daemon's pragmas (WAL, foreign keys, better-sqlite3's default 5 s busy wait) writes
every 20 ms. Prints, per operation, its time, the daemon's longest wait and p99, its failed
writes (a failed write is lost work in Open Design), and the longest hold of the write lock by one
of our transactions or checkpoints (``services.store.lock_clock``; the budget is 250 ms).

    python -m bench.bench_coexist --size L
    python -m bench.bench_coexist --size M --only forget-busiest,reset

Needs Node and ``npm ci`` in ``tests/node`` (as ``.ci/run`` does).
"""

from __future__ import annotations

import importlib.util
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import keyring.backends.fail
from sqlalchemy import delete

from bench.bench_forget import pick_contained, pick_patterns
from bench.common import NOW, USER, demo_store, header, parser, working_copy
from creative_memory.model.constants import Actor
from creative_memory.model.tables import Preference
from creative_memory.services.demo import demo, demo_plan
from creative_memory.services.derivation import decay, rebuild
from creative_memory.services.forget import erasure, forgetting, reset
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store.lock_clock import HOLDS
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import exporting, importing

DAY = 86_400_000
NODE_DIR = Path(__file__).resolve().parents[1] / "tests" / "node"


def _driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cm_daemon_writer", NODE_DIR / "daemon_writer.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _blocks(tmp: Path) -> BlockChecker:
    secrets = SecretStore(config_dir=tmp / "config", keyring_backend=keyring.backends.fail.Keyring())
    secrets.install_secret()
    return BlockChecker(secrets)


# An operation prepares outside the daemon's window (choosing a pattern, emptying the cache) and
# returns the action that runs beside it.
Op = Callable[[Store, BlockChecker, Path], Callable[[], str]]


def _ingest(store: Store, blocks: BlockChecker, tmp: Path) -> Callable[[], str]:
    start = NOW + demo_plan.SPAN_DAYS * DAY + DAY
    evs = [validate_event(e) for e in demo.wire_events(USER, size="M", seed=1001, now=start, limit=20_000)]

    def run() -> str:
        t0 = time.perf_counter()
        rep = ingest_events(store, evs, default_user=USER, now=start + 400 * DAY, blocks=blocks)
        took = time.perf_counter() - t0
        return f"{rep.accepted} events, {rep.accepted / took:,.0f} events/s with derivation"

    return run


def _forget(label: str) -> Op:
    def prepare(store: Store, blocks: BlockChecker, tmp: Path) -> Callable[[], str]:
        if label == "contained":
            found = pick_contained(store)
            assert found is not None
            t, p, n = found
        else:
            _l, t, p, n = next(x for x in pick_patterns(store, 0) if x[0] == label)

        def run() -> str:
            r = forgetting.forget(
                store, USER, [erasure.Target(t, p)], blocks=blocks, actor=Actor.CLI, now=NOW
            )
            return (
                f"{t} {p} ({n} events): verified {r.verified}, {r.duration_ms:.0f} ms, "
                f"longest write of ours {r.longest_write_ms:.0f} ms"
            )

        return run

    return prepare


def _rebuild(empty: bool) -> Op:
    def prepare(store: Store, blocks: BlockChecker, tmp: Path) -> Callable[[], str]:
        if empty:
            with store.write() as s:  # as after an import or a derivation-version change
                s.execute(delete(Preference).where(Preference.user_id == USER))

        def run() -> str:
            info = rebuild.rebuild(store, USER, NOW)
            return f"{info.preferences} preferences from {info.events} events"

        return run

    return prepare


def _decay(store: Store, blocks: BlockChecker, tmp: Path) -> Callable[[], str]:
    def run() -> str:
        d = decay.refresh_decay(store, USER, NOW + 120 * DAY)
        return f"decayed {d.decayed}, archived {d.archived}"

    return run


def _import(store: Store, blocks: BlockChecker, tmp: Path) -> Callable[[], str]:
    src = demo_store("M", seed=2)  # other event ids than the store's own
    bundle = tmp / "m-bundle.json"
    with working_copy(src) as m:
        exporting.export_bundle(m, USER, bundle, now=NOW, actor=Actor.CLI)

    def run() -> str:
        res = importing.import_file(
            store,
            "imported",
            bundle,
            mode="merge",
            now=NOW,
            actor=Actor.CLI,
            blocks=blocks,
            as_user="imported",
        )
        return f"{res.events} events (the M store's bundle, seed 2) into a new user, then its rebuild"

    return run


def _reset(store: Store, blocks: BlockChecker, tmp: Path) -> Callable[[], str]:
    def run() -> str:
        r = reset.reset(store, USER, confirm=True, actor=Actor.CLI, now=NOW)
        return f"{r.events_deleted} events, {r.preferences} preferences: verified {r.verified}"

    return run


OPS: dict[str, Op] = {
    "ingest": _ingest,
    "forget-median": _forget("median"),
    "forget-busiest": _forget("busiest"),
    "forget-contained": _forget("contained"),
    "rebuild": _rebuild(False),
    "rebuild-emptied": _rebuild(True),
    "decay": _decay,
    "import": _import,
    "reset": _reset,
}


def _ours_near(at_ms: float, wait_ms: float) -> str:
    """Our holds that overlapped a wait of the daemon, longest first."""
    near = sorted(
        (
            (ms, what)
            for start, ms, what in HOLDS.trace or []
            if start < at_ms + wait_ms and start + ms > at_ms
        ),
        reverse=True,
    )
    if not near:
        return "no hold of ours overlapped it"
    return f"{len(near)} of our holds overlapped it, the longest {near[0][0]:.0f} ms ({near[0][1]})"


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--only", default="", help="comma-separated operations: " + ", ".join(OPS))
    p.add_argument("--interval", type=int, default=20, help="the writer's pause between writes (ms)")
    args = p.parse_args()
    driver = _driver()
    why = driver.available()
    if why is not None:
        raise SystemExit(f"cannot run: {why}")
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header(f"beside the daemon ({args.interval} ms between its writes)", bs)
    chosen = [o for o in args.only.split(",") if o] or list(OPS)
    rows: list[dict[str, Any]] = []
    print(
        f"{'operation':<18} {'took':>9} {'daemon writes':>13} {'failed':>6} {'longest wait':>13} {'p99':>8} "
        f"{'our longest hold':>17}  detail"
    )
    for name in chosen:
        with tempfile.TemporaryDirectory(prefix="cm-bench-coexist-") as tmp, working_copy(bs) as store:
            blocks = _blocks(Path(tmp))
            action = OPS[name](store, blocks, Path(tmp))
            with driver.DaemonWriter(store.path, interval_ms=args.interval) as w:
                time.sleep(0.2)
                HOLDS.reset()
                HOLDS.trace = []
                t0, t0_wall = time.perf_counter(), time.time()
                detail = action()
                took = time.perf_counter() - t0
                time.sleep(0.2)
            r = w.result
            for at, wait in r.get("slowest", [])[:3]:
                if wait >= 100:
                    print(
                        f"    the daemon waited {wait:.0f} ms at +{(at / 1000 - t0_wall):.2f} s; {_ours_near(at, wait)}"
                    )
            hold = {
                "longest_hold_ms": round(HOLDS.longest_ms, 1),
                "longest_hold": HOLDS.longest_what,
                "holds": HOLDS.count,
            }
            rows.append({"operation": name, "took_s": round(took, 3), **r, **hold, "detail": detail})
            print(
                f"{name:<18} {took:>8.2f}s {r['attempted']:>13} {r['failed']:>6} "
                f"{r['longest_wait_ms']:>10.1f} ms {r['p99_ms']:>5.1f} ms {HOLDS.longest_ms:>14.1f} ms  "
                f"{detail}; {HOLDS.count} holds, the longest {HOLDS.longest_what}",
                flush=True,
            )
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
