"""The daemon's view: round trips from a Node process through the client to ``od-memory serve``.

For the M store (and L when it is cached), from one Node process using
``integrations/opendesign/creative-memory-client.mjs``: the cold start of ``serve`` to its first
answer, then p50/p95/p99 of ``retrieve`` for the project with the most records, dry-run and
recorded (origin ``daemon``), beside a ``ping`` round trip measured in the same run (the transport
alone); recorded ones ``PAUSE_MS`` apart (the daemon calls once per generation: ``serve`` records
each after its answer, decision 0057); last, recorded retrievals each after the daemon's ``ingest`` of a reaction to the previous
generation (one event on three of the project's patterns, untimed), as in real use, where a
retrieval cannot be the last one's answer again: right after the ingest's answer, and
``PAUSE_MS`` after it (the daemon generates for seconds between the two; ``serve`` prepares the
next retrieval meanwhile, docs/decisions/0057). Then whole-process wall times of ``od-memory --version`` and ``od-memory status`` beside
``python -c pass`` (the interpreter's own start). Target (quality.md): retrieve p99 ≤ 5 ms at M.

    python -m bench.bench_host --size M             # 500 calls per case
    python -m bench.bench_host --size L --runs 500  # only when the L store is cached already
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import (
    NOW,
    USER,
    demo_store,
    fmt_ms,
    header,
    parser,
    runs_for,
    summary,
    timed_runs,
    working_copy,
)
from bench.common import busiest_project as busiest
from bench.serve_loop import reacted_to, reaction
from bench.wal_pages import commit_pages
from creative_memory.model.constants import Origin
from creative_memory.model.events import iso
from creative_memory.services.retrieval import retrieval

REPO = Path(__file__).resolve().parents[1]
CLIENT = (REPO / "integrations" / "opendesign" / "creative-memory-client.mjs").as_uri()
CLI = [sys.executable, "-m", "creative_memory.cli.main"]
#: the recorded retrieve's p99 target per size (docs/guide.md, "Performance targets")
TARGET_P99_MS = {"M": 5, "L": 20}
#: between an ingest and the next retrieval: the daemon generating (seconds in real use)
PAUSE_MS = 50

DRIVER = """
import { createCreativeMemory } from %(client)s;
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
const V = %(values)s;
// serve's CPU time so far (user + system, all its threads), from /proc; null where there is none
function serveCpuMs() {
  try {
    const stat = readFileSync(`/proc/${memory.child.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 1000 / V.ticks;
  } catch { return null; }
}
const cpu = {};
const errors = {};
const t0 = performance.now();
const memory = createCreativeMemory({ dataDir: V.dataDir, command: V.cli[0],
  args: [...V.cli.slice(1), '--now', V.now], log: () => {} });
const first = await memory.ping({ timeoutMs: 60000 });
const coldPing = performance.now() - t0;
const r0 = await memory.retrieveForInjection({ projectId: V.project, dryRun: true, timeoutMs: 60000 });
const coldRetrieve = performance.now() - t0;
// `before` (untimed, its CPU counted with the call's): the daemon's ingest of the last reaction
async function time(label, fn, before = null) {
  let k = 0;
  for (let i = 0; i < 20; i++) { if (before) await before(k++); await fn(); }
  const out = [];
  const c0 = serveCpuMs();
  for (let i = 0; i < V.runs; i++) {
    if (before) await before(k++);
    const a = performance.now();
    const r = await fn();
    out.push(performance.now() - a);
    if (r.error || r.ok === false) errors[label] = (errors[label] ?? 0) + 1;
  }
  const c1 = serveCpuMs();
  if (c0 !== null && c1 !== null) cpu[label] = (c1 - c0) / V.runs;
  return out;
}
const wait = { timeoutMs: 10000 };
const retrieve = () => memory.retrieveForInjection({ projectId: V.project, ...wait });
// the daemon's ingest of the reaction to the last generation, then `pauseMs` of its next one
async function react(k, pauseMs) {
  const r = await memory.ingestSignal(V.reactions[k], wait);
  if (!r.ok || r.accepted !== 1) errors.ingest = (errors.ingest ?? 0) + 1;
  if (pauseMs) await new Promise((done) => setTimeout(done, pauseMs));
}
const samples = {
  ping: await time('ping', () => memory.ping(wait)),
  dry: await time('dry', () => memory.retrieveForInjection({ projectId: V.project, dryRun: true, ...wait })),
  recorded: await time('recorded', () => memory.retrieveForInjection({ projectId: V.project, ...wait })),
  pingAgain: await time('pingAgain', () => memory.ping(wait)),
  spaced: await time('spaced', retrieve, () => new Promise((done) => setTimeout(done, V.pauseMs))),
  afterIngest: await time('afterIngest', retrieve, (k) => react(k, 0)),
  afterIngestPause: await time('afterIngestPause', retrieve, (k) => react(V.runs + 20 + k, V.pauseMs)),
};
memory.close();
console.log(JSON.stringify({ first, coldPing, coldRetrieve, tokens: r0.tokens, kept: r0.kept.length,
  samples, errors, cpu }));
"""


def node_round_trips(
    data_dir: Path, project: str, runs: int, reactions: list[dict[str, object]]
) -> dict[str, Any]:
    values = {
        "reactions": reactions,
        "pauseMs": PAUSE_MS,
        "dataDir": str(data_dir),
        "cli": CLI,
        "now": iso(NOW),
        "project": project,
        "runs": runs,
        "ticks": os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100,
    }
    script = DRIVER % {"client": json.dumps(CLIENT), "values": json.dumps(values)}
    proc = subprocess.run(
        # the script on standard input: the reactions make it too long for an argument
        ["node", "--input-type=module"],
        input=script,
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def whole_process(argv: list[str], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True, cwd=REPO)
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def main() -> int:
    args = parser(
        "Node → serve round trips, cold start, CLI start-up", runs={"S": 500, "M": 500, "L": 500}
    ).parse_args()
    if shutil.which("node") is None:
        print("node is not installed; this benchmark runs a Node process", file=sys.stderr)
        return 1
    runs = runs_for(args, 500)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header(f"bench_host --size {args.size}: Node client → od-memory serve --stdio", bs)
    with working_copy(bs) as store:
        store.background_checkpoints()  # as serve does: the in-process figures take its path
        gc.freeze()  # as serve does once its libraries are loaded (cli/commands/serve.py)
        project, records = busiest(store)
        folder = store.data_dir.path
        in_process = {
            dry: timed_runs(
                lambda dry=dry: retrieval.run(
                    store,
                    retrieval.RetrievalRequest(
                        USER,
                        project_id=project,
                        now=NOW,
                        origin=Origin.DAEMON,
                        dry_run=dry,
                    ),
                ),
                runs,
                warmup=20,
            )
            for dry in (True, False)
        }
        print(f"   project {project} ({records} records); {runs} calls per case after 20 warm-up calls")
        for label, advance in (("fixed now, as here", 0), ("now moving 1 ms per call", 1)):
            pages = commit_pages(bs, project, advance_ms=advance)
            print(f"   a recorded call's commit ({label}): {pages.line()}, by table or index:")
            print(pages.breakdown())
        patterns, last = reacted_to(store, project)
        reactions = [reaction(i, project, patterns, last, "bench-host") for i in range(2 * (runs + 20))]
        store.close()
        d = node_round_trips(folder, project, runs, reactions)
        print(
            f"   block: {d['kept']} preferences, {d['tokens']} tokens; failed calls: {d['errors'] or 'none'}"
        )
        print(f"cold start, spawn → first answer (ping)      {d['coldPing']:.0f} ms")
        print(f"cold start, spawn → first retrieve answered  {d['coldRetrieve']:.0f} ms")
        s = d["samples"]
        for label, key in (
            ("reference: ping round trip", "ping"),
            ("retrieve, dry run", "dry"),
            ("retrieve, recorded (daemon)", "recorded"),
            ("reference again: ping", "pingAgain"),
            (f"recorded, {PAUSE_MS} ms apart", "spaced"),
            ("recorded, after an ingest", "afterIngest"),
            (f"the same, {PAUSE_MS} ms after it", "afterIngestPause"),
        ):
            print(f"{label:<32} {fmt_ms(summary(s[key]))}")
        if d.get("cpu"):
            per_call = ", ".join(f"{k} {v:.2f} ms" for k, v in d["cpu"].items())
            print(f"serve's CPU per call (all its threads, the checkpoints' included): {per_call}")
        print("the same retrievals in process (retrieval.run, no transport), same store, same run:")
        print(f"{'   dry run':<32} {fmt_ms(summary(in_process[True]))}")
        print(f"{'   recorded':<32} {fmt_ms(summary(in_process[False]))}")
        p99 = summary(s["recorded"])["p99"]
        print(
            f"recorded p99 {p99:.2f} ms vs target {TARGET_P99_MS.get(args.size, '–')} ms at {args.size}; "
            f"minus ping p50: {p99 - summary(s['ping'])['p50']:.2f} ms"
        )

        n = 9
        cases = (
            ("python -c pass (reference)", [sys.executable, "-c", "pass"]),
            ("od-memory --version", [*CLI, "--version"]),
            ("od-memory status", [*CLI, "--data-dir", str(folder), "status"]),
            ("od-memory status --json", [*CLI, "--data-dir", str(folder), "--json", "status"]),
        )
        print(f"whole process, wall ms over {n} runs (median / min / max):")
        for label, argv in cases:
            t = whole_process(argv, n)
            print(f"   {label:<28} {statistics.median(t):7.0f} {min(t):7.0f} {max(t):7.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
