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
//   await memory.rate(retrievalId, 'not_relevant', { preferenceType, pattern });
//   await memory.close();                                        // also done on process exit

import { spawn } from 'node:child_process';

const NO_BLOCK = Object.freeze({
  block: '',
  note: null,
  retrievalId: null,
  tokens: 0,
  kept: [],
  gate: null,
  emptyReason: null,
});

// Text made safe for one log line: control characters (terminal escape sequences among them), line
// separators and bidirectional overrides written as \xNN / \uNNNN, cut to `max` characters.
export function escapeLogText(text, max = 300) {
  // eslint-disable-next-line no-control-regex
  const escaped = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  return escaped.length <= max ? escaped : `${escaped.slice(0, max)}… (${escaped.length - max} more characters)`;
}

// Calls onLine(Buffer) for each line of a stream, never holding more than maxBytes of one line: a
// longer line is dropped as it arrives and onOverlong(bytes) is called when its end is seen.
export function boundedLines(stream, maxBytes, onLine, onOverlong) {
  let parts = [];
  let size = 0;
  let dropped = -1; // ≥ 0 while a line is being dropped
  stream.on('data', (chunk) => {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      if (dropped >= 0) dropped += end - start;
      else if (size + end - start > maxBytes) {
        dropped = size + end - start;
        parts = [];
        size = 0;
      } else if (end > start) {
        parts.push(Buffer.from(chunk.subarray(start, end)));
        size += end - start;
      }
      if (nl === -1) return;
      if (dropped >= 0) {
        const bytes = dropped;
        dropped = -1;
        onOverlong(bytes);
      } else {
        const line = Buffer.concat(parts, size);
        parts = [];
        size = 0;
        onLine(line);
      }
      start = nl + 1;
    }
  });
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  maxLineBytes: 1 << 20, // a longer line from the child is dropped
});

export class CreativeMemoryClient {
  constructor(options = {}) {
    if (!options.dataDir) {
      throw new TypeError('CreativeMemoryClient needs dataDir: the data folder the daemon resolved.');
    }
    this.options = { ...DEFAULTS, ...options };
    const sink = options.log ?? ((line) => console.warn(line));
    // every line escaped and bounded; a failing logger never reaches the daemon
    this.log = (line) => {
      try {
        sink(escapeLogText(line, 1000));
      } catch {
        // ignored
      }
    };
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
    boundedLines(child.stdout, this.options.maxLineBytes, (line) => this.#onLine(child, line.toString('utf8')), (bytes) =>
      this.#onOverlong(child, bytes),
    );
    boundedLines(child.stderr, 8192, (line) => this.log(`od-memory: ${escapeLogText(line.toString('utf8'))}`), (bytes) =>
      this.log(`od-memory: (a line of ${bytes} bytes, not shown)`),
    );
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

  // A line longer than the limit: the oldest request gets `bad_answer` (serve answers in order).
  #onOverlong(child, bytes) {
    if (this.child !== child) return;
    this.log(`creative-memory: dropped a line of ${bytes} bytes from od-memory serve`);
    const oldest = Math.min(...this.pending.keys());
    if (Number.isFinite(oldest)) this.#settle(oldest, { ok: false, error: 'bad_answer', message: 'an answer longer than the limit' });
  }

  #settle(id, reply) {
    this.unanswered.delete(id);
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    p.resolve(reply);
  }

  #onLine(child, line) {
    if (this.child !== child) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      this.log('creative-memory: ignored a line that is not JSON from od-memory serve');
      return;
    }
    // null, a number, an array, an answer without a request id: no request to answer
    if (!isObject(msg) || typeof msg.id !== 'number') {
      this.log('creative-memory: ignored an answer that is not a JSON-RPC response from od-memory serve');
      return;
    }
    if (msg.error !== undefined && msg.error !== null) {
      const error = isObject(msg.error) ? msg.error : {};
      const data = isObject(error.data) ? error.data : {};
      const kind = typeof data.kind === 'string' && /^[a-z][a-z0-9_]{0,39}$/u.test(data.kind) ? data.kind : 'failed';
      const message = typeof data.message === 'string' ? data.message : String(error.message ?? 'no message');
      this.#settle(msg.id, { ok: false, error: kind, message: escapeLogText(message, 1000) });
    } else if (Object.prototype.hasOwnProperty.call(msg, 'result')) {
      this.#settle(msg.id, { ok: true, result: msg.result });
    } else {
      this.#settle(msg.id, { ok: false, error: 'bad_answer', message: 'an answer with neither result nor error' });
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
  // `temporary: true`: a conversation the user marked temporary — memory is neither read into its
  // prompt (block '', gate 'temporary_conversation') nor fed by it (see ingestSignal).
  async retrieveForInjection({ projectId = null, mode = 'generation', dryRun = false, temporary = false, timeoutMs } = {}) {
    const wait = timeoutMs ?? this.options.timeoutMs;
    const params = { project_id: projectId, mode, dry_run: dryRun, deadline_ms: Date.now() + wait };
    if (temporary === true) params.temporary = true;
    const r = await this.#call('retrieve', params, wait);
    if (!r.ok) return { ...NO_BLOCK, error: r.error };
    const x = r.result;
    if (!isObject(x) || typeof x.block !== 'string') {
      this.log('creative-memory: retrieve gave no block (bad_answer: an answer without a block)');
      return { ...NO_BLOCK, error: 'bad_answer' };
    }
    const str = (v) => (typeof v === 'string' ? v : null);
    return {
      block: x.block,
      note: str(x.note),
      retrievalId: Number.isSafeInteger(x.retrieval_id) ? x.retrieval_id : null,
      tokens: Number.isFinite(x.tokens) ? x.tokens : 0,
      kept: Array.isArray(x.kept) ? x.kept.filter(isObject) : [],
      gate: str(x.gate),
      emptyReason: str(x.empty_reason),
    };
  }

  // One classified signal (or a list of them) in the wire shape `od-memory ingest` accepts.
  // Returns { ok, accepted, duplicates, events: [{ index, event_id, outcome, reason? }] }.
  // `temporary: true`: the signals of a temporary conversation — checked, counted as ignored
  // (reason 'temporary_conversation'), never stored or learned from.
  async ingestSignal(events, { temporary = false, timeoutMs } = {}) {
    const list = Array.isArray(events) ? events : [events];
    const params = temporary === true ? { events: list, temporary: true } : { events: list };
    const r = await this.#call('ingest', params, timeoutMs ?? this.options.ingestTimeoutMs);
    if (r.ok && !isObject(r.result)) return { ok: false, error: 'bad_answer', events: [] };
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error, events: [] };
  }

  // A person's word on one injection (the retrievalId a retrieval answered): outcome 'helped',
  // 'too_much', 'not_relevant' or 'missed' — the last two name the preference ({ preferenceType,
  // pattern }; polarity 'negative' for a missed thing to avoid). Validated and stored like every
  // event (a recall_rating). Returns { ok, stored, not_stored, event_id, … } or { ok: false, error }.
  async rate(retrievalId, outcome, { preferenceType, pattern, polarity, sessionId, eventId, timeoutMs } = {}) {
    const params = { retrieval_id: retrievalId, outcome };
    for (const [key, value] of [['preference_type', preferenceType], ['pattern', pattern], ['polarity', polarity],
      ['session_id', sessionId], ['event_id', eventId]]) {
      if (value !== undefined && value !== null) params[key] = value;
    }
    const r = await this.#call('rate', params, timeoutMs ?? this.options.ingestTimeoutMs);
    if (r.ok && !isObject(r.result)) return { ok: false, error: 'bad_answer' };
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error, message: r.message };
  }

  // Brings decay and archival up to now (the seed: at session start).
  async runDecay({ timeoutMs } = {}) {
    const r = await this.#call('decay', {}, timeoutMs ?? this.options.ingestTimeoutMs);
    if (r.ok && !isObject(r.result)) return { ok: false, error: 'bad_answer' };
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error };
  }

  // On/off, pauses, per-project switches, counts and whether memory notes are on.
  async status({ timeoutMs } = {}) {
    const r = await this.#call('status', {}, timeoutMs ?? this.options.ingestTimeoutMs);
    if (r.ok && !isObject(r.result)) return { ok: false, error: 'bad_answer' };
    return r.ok ? { ok: true, ...r.result } : { ok: false, error: r.error };
  }

  // A health check: { ok, pong, version } or { ok: false, error }.
  async ping({ timeoutMs } = {}) {
    const r = await this.#call('ping', {}, timeoutMs ?? this.options.timeoutMs);
    if (r.ok && !isObject(r.result)) return { ok: false, error: 'bad_answer' };
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
