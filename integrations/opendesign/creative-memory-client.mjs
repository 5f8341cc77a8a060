// Creative memory for the Open Design daemon: a client for `od-memory serve --stdio`.
//
// ESM, Node's standard library only. One long-lived child process answers JSON-RPC 2.0 requests,
// one JSON object per line. Every call has a deadline (50 ms by default): when memory does not
// answer in time, has crashed or cannot open the store, the caller gets "no block" and one log
// line — never an exception — so a generation is never slowed down or broken by memory.
//
//   import { createCreativeMemory } from './creative-memory-client.mjs';
//   const memory = createCreativeMemory({ dataDir });          // the data dir the daemon resolved
//   const { block } = await memory.retrieveForInjection({ projectId, mode: 'generation' });
//   await memory.ingestSignal({ event_id, signal_type: 'manual_refinement', ... });
//   await memory.close();                                        // also done on process exit

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const NO_BLOCK = Object.freeze({
  block: '',
  note: null,
  retrievalId: null,
  tokens: 0,
  kept: [],
  gate: null,
  emptyReason: null,
});

export const DEFAULTS = Object.freeze({
  command: 'od-memory', // or an absolute path to the packaged od-memory
  args: [], // extra global options, e.g. ['--user', 'local']
  timeoutMs: 50, // per call; the seed's budget for retrieval is "well under 50 ms"
  ingestTimeoutMs: 2000, // ingest is off the prompt's path; it may wait for the store's lock
  restartDelayMs: 250, // first restart after a crash; doubles up to maxRestartDelayMs
  maxRestartDelayMs: 30000,
  hungAfterMs: 30000, // a request unanswered this long means the child is stuck: restart it
  startTimeoutMs: 60000, // the same before its first answer (a cold start on a busy machine)
  appCommand: 'creative-memory', // the settings app, for openInApp
});

export class CreativeMemoryClient {
  constructor(options = {}) {
    if (!options.dataDir) {
      throw new TypeError('CreativeMemoryClient needs dataDir: the data folder the daemon resolved.');
    }
    this.options = { ...DEFAULTS, ...options };
    this.log = options.log ?? ((line) => console.warn(line));
    this.child = null;
    this.ready = false;
    this.closed = false;
    this.nextId = 1;
    this.pending = new Map(); // id → { resolve, timer, method }
    this.unanswered = new Map(); // id → time sent (also after the caller stopped waiting)
    this.restarts = 0;
    this.restartDelay = this.options.restartDelayMs;
    this.restartTimer = null;
    this.watchdog = null;
    // On the daemon's exit only synchronous work runs: signal the child, which exits on SIGTERM.
    this.onExit = () => {
      this.child?.kill('SIGTERM');
      this.close();
    };
    process.once('exit', this.onExit);
  }

  // ---------------------------------------------------------------- the child process
  start() {
    if (this.closed || this.child) return this;
    const { command, args, dataDir, env } = this.options;
    const argv = [...args, 'serve', '--stdio', '--data-dir', dataDir];
    let child;
    try {
      child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'pipe'], env: env ?? process.env });
    } catch (err) {
      this.#childGone(null, `could not start ${command} (${err.message})`);
      return this;
    }
    this.child = child;
    this.ready = false;
    child.on('error', (err) => this.#childGone(child, `could not run ${command} (${err.message})`));
    child.on('exit', (code, signal) =>
      this.#childGone(child, `od-memory serve stopped (${signal ?? `exit code ${code}`})`),
    );
    child.stdin.on('error', () => {}); // a dead child's pipe: reported through 'exit'
    createInterface({ input: child.stdout }).on('line', (line) => this.#onLine(line));
    createInterface({ input: child.stderr }).on('line', (line) => this.log(`od-memory: ${line}`));
    for (const s of [child.stdin, child.stdout, child.stderr]) s.unref?.();
    child.unref(); // memory never keeps the daemon alive
    this.watchdog ??= setInterval(() => this.#checkHung(), Math.max(1000, this.options.hungAfterMs / 4));
    this.watchdog.unref();
    this.#send('ping', {}, this.options.startTimeoutMs).then((r) => {
      if (r.ok && this.child === child) {
        this.ready = true;
        this.restartDelay = this.options.restartDelayMs;
        // Requests sent while the child was starting waited for the start, not for an answer:
        // their time to answer counts from now (else the first check after the start could take
        // a request queued behind the first ping for a hang).
        const now = Date.now();
        for (const id of this.unanswered.keys()) this.unanswered.set(id, now);
      }
    });
    return this;
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  #childGone(child, why) {
    if (child !== null && this.child !== child) return; // an older child, already replaced
    this.child = null;
    this.ready = false;
    this.unanswered.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.resolve({ ok: false, error: 'crashed', message: why });
    }
    if (this.closed) return;
    this.log(`creative-memory: ${why}; restarting in ${this.restartDelay} ms`);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restarts += 1;
      this.start();
    }, this.restartDelay);
    this.restartTimer.unref();
    this.restartDelay = Math.min(this.restartDelay * 2, this.options.maxRestartDelayMs);
  }

  #checkHung() {
    const oldest = Math.min(...this.unanswered.values());
    const { hungAfterMs, startTimeoutMs } = this.options;
    const limit = this.ready ? hungAfterMs : Math.max(hungAfterMs, startTimeoutMs);
    if (this.child && Date.now() - oldest > limit) {
      const child = this.child;
      this.#childGone(child, `od-memory serve did not answer for ${limit} ms`);
      child.kill('SIGKILL');
    }
  }

  #onLine(line) {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      this.log('creative-memory: ignored a line that is not JSON from od-memory serve');
      return;
    }
    this.unanswered.delete(msg.id);
    const p = this.pending.get(msg.id);
    if (!p) return; // the caller stopped waiting
    this.pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.error) {
      const { kind = 'failed', message = msg.error.message } = msg.error.data ?? {};
      p.resolve({ ok: false, error: kind, message });
    } else {
      p.resolve({ ok: true, result: msg.result });
    }
  }

  // Resolves { ok: true, result } or { ok: false, error, message }; never rejects.
  #send(method, params, timeoutMs) {
    return new Promise((resolve) => {
      if (this.closed || !this.child) {
        resolve({ ok: false, error: 'not_running', message: 'od-memory serve is not running' });
        return;
      }
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ ok: false, error: 'timeout', message: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      this.pending.set(id, { resolve, timer, method });
      this.unanswered.set(id, Date.now());
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  async #call(method, params, timeoutMs) {
    const r = await this.#send(method, params, timeoutMs);
    if (!r.ok) this.log(`creative-memory: ${method} gave nothing (${r.error}: ${r.message})`);
    return r;
  }

  // ---------------------------------------------------------------- the calls the daemon makes
  // The `## Creative memory` block for one run. Recorded as the daemon's injection unless dryRun.
  // Returns { block, note, retrievalId, tokens, kept, gate, emptyReason } — block '' on any failure
  // (then also `error`). `note` is one short line for the chat when the user turned notes on.
  async retrieveForInjection({ projectId = null, mode = 'generation', dryRun = false, timeoutMs } = {}) {
    const wait = timeoutMs ?? this.options.timeoutMs;
    const params = { project_id: projectId, mode, dry_run: dryRun, deadline_ms: Date.now() + wait };
    const r = await this.#call('retrieve', params, wait);
    if (!r.ok) return { ...NO_BLOCK, error: r.error };
    const x = r.result;
    return {
      block: x.block,
      note: x.note,
      retrievalId: x.retrieval_id,
      tokens: x.tokens,
      kept: x.kept,
      gate: x.gate,
      emptyReason: x.empty_reason,
    };
  }

  // One classified signal (or a list of them) in the wire shape `od-memory ingest` accepts.
  // Returns { ok, accepted, duplicates, events: [{ index, event_id, outcome, reason? }] }.
  async ingestSignal(events, { timeoutMs } = {}) {
    const list = Array.isArray(events) ? events : [events];
    const r = await this.#call('ingest', { events: list }, timeoutMs ?? this.options.ingestTimeoutMs);
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error, events: [] };
  }

  // Brings decay and archival up to now (the seed: at session start).
  async runDecay({ timeoutMs } = {}) {
    const r = await this.#call('decay', {}, timeoutMs ?? this.options.ingestTimeoutMs);
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error };
  }

  // On/off, pauses, per-project switches, counts and whether memory notes are on.
  async status({ timeoutMs } = {}) {
    const r = await this.#call('status', {}, timeoutMs ?? this.options.ingestTimeoutMs);
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error };
  }

  // A health check: { ok, pong, version } or { ok: false, error }.
  async ping({ timeoutMs } = {}) {
    const r = await this.#call('ping', {}, timeoutMs ?? this.options.timeoutMs);
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error };
  }

  // Opens the settings app on the Diagnostics of one retrieval (a memory note's link).
  openInApp(retrievalId) {
    if (!Number.isSafeInteger(retrievalId) || retrievalId < 1) {
      this.log(`creative-memory: openInApp needs a retrieval id (a positive integer), got ${retrievalId}`);
      return false;
    }
    const user = this.options.args.indexOf('--user');
    const argv = ['--data-dir', this.options.dataDir, '--retrieval', String(retrievalId)];
    if (user >= 0) argv.push('--user', this.options.args[user + 1]);
    try {
      const app = spawn(this.options.appCommand, argv, { detached: true, stdio: 'ignore' });
      app.on('error', (err) => this.log(`creative-memory: could not open the app (${err.message})`));
      app.unref();
      return true;
    } catch (err) {
      this.log(`creative-memory: could not open the app (${err.message})`);
      return false;
    }
  }

  // Stops the child: its standard input closes, so it finishes the request at hand (and records
  // the retrieval it answered last) and exits. The returned promise settles when it has exited.
  close() {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    process.removeListener('exit', this.onExit);
    clearTimeout(this.restartTimer);
    clearInterval(this.watchdog);
    const child = this.child;
    this.child = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.resolve({ ok: false, error: 'closed', message: 'the client was closed' });
    }
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.ref(); // until it has exited (at most the 2 s before it is killed), for whoever awaits
    child.stdin.end();
    const killer = setTimeout(() => child.kill('SIGKILL'), 2000);
    killer.unref();
    exited.then(() => clearTimeout(killer));
    return exited;
  }
}

export function createCreativeMemory(options) {
  return new CreativeMemoryClient(options).start();
}
