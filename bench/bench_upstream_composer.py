"""What creative memory adds to the patched Open Design composer, from Node, first call included.

On Open Design's own code (the snapshot with ``integrations/opendesign/patches`` applied and built,
``bench/upstream_tree.py``), one Node process times, for the demo store of ``--size``:

- the composer alone: upstream's ``composeSystemPrompt`` with a Personal memory body and custom
  instructions, as a generation composes it;
- the daemon starting: a ``CreativeMemoryHost`` turned on (``od-memory serve`` of this checkout),
  then a generation at once (memory still starting: no block), the time until the child is
  ready (it warms up in the background), then the first generations after that — ``COLD`` times;
- steady state: ``--runs`` generations ``PAUSE_MS`` apart (the daemon generates for seconds
  between two), each ``blockFor`` (the recorded retrieval of the busiest project, through the
  typed client) followed by the composer with the block.

The added cost is the block's fetch plus the composer's extra work for it; it is reported as the
patched composer beside the composer alone, and its p99 over the steady runs together with every
first generation after a start. In the daemon the fetch is started before the composer's other
reads (``composeDaemonSystemPrompt``), so what a generation waits for is at most this. Target
(quality.md, the host budget): p99 ≤ 5 ms at M.

    python -m bench.bench_upstream_composer --size M                 # prepares the tree (minutes)
    python -m bench.bench_upstream_composer --size M --keep          # … and keeps it, says where
    python -m bench.bench_upstream_composer --size M --tree DIR      # a kept tree's apps/daemon
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench import upstream_tree
from bench.common import NOW, demo_store, fmt_ms, header, parser, runs_for, summary, working_copy
from bench.common import busiest_project as busiest
from creative_memory.model.events import iso

CLI = [sys.executable, "-m", "creative_memory.cli.main"]
PAUSE_MS = 20
COLD = 5
FIRST = 3  # generations timed after each start

MEMORY_BODY = """### Profile

- Role: Product designer at an 11-50 person studio.
- Makes landing pages and pitch decks; quiet, editorial taste.

### Feedback

- Use illustrations or product shots instead of stock photography.

### Verified rules

- Headlines in sentence case.
- Body text at least 16 px."""

DRIVER = """
import { performance } from 'node:perf_hooks';
const V = %(values)s;
const { composeSystemPrompt } = await import(V.dist + '/prompts/system.js');
const { CreativeMemoryHost } = await import(V.dist + '/creative-memory/index.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const input = { memoryBody: V.memoryBody, userInstructions: 'Use British spelling.', projectInstructions: 'Dark theme.',
  promptCoreVariant: V.variant, agentId: 'claude', streamFormat: 'claude-stream-json' };
const logs = [];
const newHost = () => new CreativeMemoryHost({ dataDir: V.dataDir, log: (l) => logs.push(l),
  recentProjects: () => V.recent,
  env: { ...process.env, OD_CREATIVE_MEMORY: '1', OD_CREATIVE_MEMORY_COMMAND: V.cli[0] },
  client: { args: [...V.cli.slice(1), '--now', V.now] } });

for (let i = 0; i < 50; i++) composeSystemPrompt(input);
// one generation: the composer alone (as without the patches), then as the patched daemon
// composes it: the block, then the composer with it — both under the same conditions
async function generation(host) {
  const z = performance.now();
  composeSystemPrompt(input);
  const alone = performance.now() - z;
  const a = performance.now();
  const block = await host.blockFor(V.project);
  const b = performance.now();
  const prompt = composeSystemPrompt(block ? { ...input, creativeMemoryBlock: block } : input);
  const c = performance.now();
  return { alone, total: c - a, fetch: b - a, compose: c - b, added: c - a - alone, block: block.length, prompt: prompt.length };
}

const cold = [];
for (let k = 0; k < V.cold; k++) {
  const host = newHost();
  const t0 = performance.now();
  host.configure({ enabled: true });
  const atOnce = await generation(host);
  while (host.status().state !== 'ready') {
    if (performance.now() - t0 > 120000) throw new Error('not ready: ' + JSON.stringify(host.status()) + logs.join(' | '));
    await sleep(2);
  }
  const readyAfter = performance.now() - t0;
  const first = [];
  for (let i = 0; i < V.first; i++) { first.push(await generation(host)); await sleep(V.pauseMs); }
  cold.push({ atOnce, readyAfter, first, state: host.status() });
  await host.close();
}

const host = newHost();
host.configure({ enabled: true });
while (host.status().state !== 'ready') await sleep(5);
const steady = [];
for (let i = 0; i < V.runs; i++) { steady.push(await generation(host)); await sleep(V.pauseMs); }
const status = host.status();
await host.close();
console.log(JSON.stringify({ cold, steady, status, logs }));
"""


def recent_projects(store_file: Path, project: str) -> list[str]:
    """The three projects with the latest events (the daemon warms up the three it updated last),
    the measured one among them."""
    con = sqlite3.connect(f"file:{store_file}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT project_id FROM creative_memory_events WHERE project_id IS NOT NULL "
            "GROUP BY project_id ORDER BY max(occurred_at) DESC LIMIT 3"
        ).fetchall()
    finally:
        con.close()
    recent = [str(r[0]) for r in rows]
    return recent if project in recent else [*recent[:2], project]


def drive(
    daemon: Path, data_dir: Path, project: str, runs: int, variant: str, pause_ms: int
) -> dict[str, Any]:
    values = {
        "recent": recent_projects(data_dir / "app.sqlite", project),
        "dist": (daemon / "dist").as_uri(),
        "dataDir": str(data_dir),
        "cli": CLI,
        "now": iso(NOW),
        "project": project,
        "runs": runs,
        "cold": COLD,
        "first": FIRST,
        "pauseMs": pause_ms,
        "memoryBody": MEMORY_BODY,
        "variant": variant,
    }
    proc = subprocess.run(
        ["node", "--input-type=module"],
        input=DRIVER % {"values": json.dumps(values)},
        capture_output=True,
        text=True,
        check=False,
        cwd=daemon,
        env={**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"},
    )
    if proc.returncode != 0:
        raise SystemExit(
            f"the Node driver failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}"
        )
    data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def report(d: dict[str, Any], size: str, pause_ms: int) -> None:
    steady = d["steady"]
    firsts = [g for c in d["cold"] for g in c["first"]]
    at_once = [c["atOnce"] for c in d["cold"]]
    print(f"   block: {steady[-1]['block']} characters; prompt {steady[-1]['prompt']} characters with it")
    rows = (
        ("composer alone (as upstream)", "alone"),
        ("patched: block + composer", "total"),
        ("   of which the block (blockFor)", "fetch"),
        ("   of which the composer with the block", "compose"),
        ("added (patched − alone, same generation)", "added"),
    )
    print(f"steady state, {len(steady)} generations {pause_ms} ms apart:")
    for label, key in rows:
        print(f"   {label:<42} {fmt_ms(summary([g[key] for g in steady]))}")
    print(
        f"the daemon starting, {len(d['cold'])} times (a generation at once, then ready, then {FIRST} generations):"
    )
    for i, c in enumerate(d["cold"], 1):
        first = ", ".join(f"{g['added']:.2f}" for g in c["first"])
        print(
            f"   start {i}: at once +{c['atOnce']['added']:.3f} ms (block {c['atOnce']['block']} chars); "
            f"ready after {c['readyAfter']:.0f} ms; first generations +{first} ms"
        )
    s = summary([g["added"] for g in steady + firsts + at_once])
    print(
        f"added cost over the steady generations and every generation of the starts: p50 {s['p50']:.2f} ms  "
        f"p95 {s['p95']:.2f} ms  p99 {s['p99']:.2f} ms  max {s['max']:.2f} ms (n={int(s['n'])}); "
        f"target p99 ≤ 5 ms at M ({size} here)"
    )
    status = d["status"]
    print(
        f"client after the steady runs: answered {status['answered']}, no block {status['missed']}; log lines: {len(d['logs'])}"
    )
    for line in d["logs"][:5]:
        print(f"   log: {line}")


def main() -> int:
    p = parser("creative memory's added cost in the patched Open Design composer, from Node", runs={"M": 500})
    p.add_argument("--tree", type=Path, help="a prepared and built apps/daemon folder (see --keep)")
    p.add_argument("--keep", action="store_true", help="keep the prepared tree and print its folder")
    p.add_argument(
        "--pause-ms", type=int, default=PAUSE_MS, help=f"between two generations (default {PAUSE_MS})"
    )
    p.add_argument(
        "--variant",
        choices=("classic", "slim"),
        default="slim",
        help="the prompt variant (upstream's default: slim)",
    )
    args = p.parse_args()
    if shutil.which("node") is None:
        print("node is not installed; this benchmark runs Open Design's composer in Node", file=sys.stderr)
        return 1
    runs = runs_for(args, 500)
    work: Path | None = None
    daemon = args.tree
    if daemon is None:
        work = Path(tempfile.mkdtemp(prefix="od-bench-"))
        daemon = upstream_tree.prepare(work, os.environ, lambda line: print(f"   {line}", file=sys.stderr))
        upstream_tree.run(["npx", "tsc", "-p", "tsconfig.json"], daemon, os.environ)
    try:
        bs = demo_store(args.size, args.seed, fresh=args.fresh)
        header(
            f"bench_upstream_composer --size {args.size}: patched Open Design composer + od-memory serve", bs
        )
        with working_copy(bs) as store:
            project, records = busiest(store)
            folder = store.data_dir.path
            store.close()
            print(
                f"   project {project} ({records} records), variant {args.variant}, {runs} generations {args.pause_ms} ms apart"
            )
            report(
                drive(daemon, folder, project, runs, args.variant, args.pause_ms), args.size, args.pause_ms
            )
    finally:
        if work is not None:
            if args.keep:
                print(f"the prepared tree is kept: --tree {daemon}", file=sys.stderr)
            else:
                shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
