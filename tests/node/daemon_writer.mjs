// A writer shaped like the Open Design daemon: better-sqlite3 with the daemon's pragmas only
// (journal_mode=WAL, foreign_keys=ON, no busy_timeout pragma, so better-sqlite3's default 5 s
// wait applies), one small write transaction every few milliseconds into a table of its own.
//
//   node daemon_writer.mjs <app.sqlite> [interval_ms]
//
// Prints "ready" once its table exists, then writes until its standard input closes, and prints
// one JSON line: writes attempted, ok, failed (with the first errors), the longest wait, p50/p99
// of the waits, the five longest with the wall-clock time they began, and the rows its table holds
// at the end (a lost write would show as fewer rows).
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';

const [path, intervalArg] = process.argv.slice(2);
const interval = Number(intervalArg ?? 20);
const db = new Database(path); // default timeout: 5000 ms, as the daemon runs it
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.exec(
  'CREATE TABLE IF NOT EXISTS od_daemon_probe (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, ' +
    "body TEXT NOT NULL DEFAULT '')",
);
const before = db.prepare('SELECT count(*) AS n FROM od_daemon_probe').get().n;
const insert = db.prepare('INSERT INTO od_daemon_probe (at, body) VALUES (?, ?)');
const touch = db.prepare('UPDATE od_daemon_probe SET body = ? WHERE id = ?');
const write = db.transaction((i) => {
  const info = insert.run(Date.now(), `message ${i}`);
  touch.run(`message ${i} (edited)`, info.lastInsertRowid);
});

const waits = [];
const slowest = []; // the five longest waits: [wall-clock ms at their start, wait ms]
const errors = [];
let attempted = 0;
let ok = 0;
let stopping = false;

function once() {
  attempted += 1;
  const t0 = performance.now();
  try {
    write(attempted);
    ok += 1;
  } catch (err) {
    errors.push(String(err && err.code ? `${err.code}: ${err.message}` : err));
  }
  const wait = performance.now() - t0;
  waits.push(wait);
  if (slowest.length < 5 || wait > slowest[slowest.length - 1][1]) {
    slowest.push([Date.now() - wait, wait]);
    slowest.sort((a, b) => b[1] - a[1]);
    slowest.length = Math.min(slowest.length, 5);
  }
}

function loop() {
  if (stopping) return;
  once();
  setTimeout(loop, interval);
}

function finish() {
  if (stopping) return;
  stopping = true;
  const rows = db.prepare('SELECT count(*) AS n FROM od_daemon_probe').get().n - before;
  const sorted = [...waits].sort((a, b) => a - b);
  const pick = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] : 0);
  db.close();
  process.stdout.write(
    JSON.stringify({
      attempted,
      ok,
      failed: errors.length,
      errors: errors.slice(0, 5),
      rows,
      longest_wait_ms: sorted.length ? sorted[sorted.length - 1] : 0,
      p50_ms: pick(50),
      p99_ms: pick(99),
      slowest,
    }) + '\n',
  );
  process.exit(0);
}

process.stdin.on('data', () => {});
process.stdin.on('end', finish);
process.stdin.on('close', finish);
process.stdout.write('ready\n');
loop();
