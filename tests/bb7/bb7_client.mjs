// bb7_client.mjs -- drives `acdc --stdio` the way bb7.nvim's client.lua does
// (bb7.md §14, §18): string request ids "1", "2", ..., a line reader that
// tolerates partial reads, stream routing by id, id-less events on a side
// list, bounded waits everywhere.
//
//   const env = makeEnv({ baseUrl: fake.baseUrl });    // HOME with .config/bb7/config.json
//   const bb7 = await Bb7.start(env);
//   const r = await bb7.request({ action: 'ping' });     // {type:'ok', request_id:'1'}
//   const s = await bb7.stream({ action: 'send', content: 'hi' });  // {lines, terminal}
//   await bb7.close();                                   // EOF; resolves to the exit code
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIMEOUT_MS = 20000;

export function makeEnv({ baseUrl, config = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'acdc-bb7-'));
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  mkdirSync(join(home, '.config', 'bb7'), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(join(home, '.config', 'bb7', 'config.json'),
    JSON.stringify({ api_key: 'test-key', base_url: baseUrl ?? 'http://127.0.0.1:9/v1', ...config }));
  return { dir, home, project };
}

// A backend on a fresh project, initialised as bb7.nvim does (bb7_init,
// then init), whose provider is `fake`.
export async function startOnProject(fake, config = {}) {
  const env = makeEnv({ baseUrl: fake.baseUrl, config });
  const bb7 = await Bb7.start(env);
  await bb7.ok({ action: 'bb7_init', project_root: env.project });
  await bb7.ok({ action: 'init', project_root: env.project });
  return { env, bb7 };
}

export class Bb7 {
  static async start(env, { args = [] } = {}) {
    const bin = process.env.ACDC_BIN;
    if (!bin) throw new Error('ACDC_BIN is not set: run this test through ctest');
    const pluginDirs = [process.env.ACDC_PLUGIN_DIR].filter(Boolean).flatMap((d) => ['--plugin-dir', d]);
    const child = spawn(bin, ['--stdio', ...pluginDirs, ...args], {
      cwd: env.dir,
      env: { ...process.env, HOME: env.home, ACDC_CONFIG_HOME: join(env.dir, 'acdc-config') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new Bb7(child);
  }

  constructor(child) {
    this.child = child;
    this.next = 1;
    this.lines = [];        // every parsed stdout line, in order
    this.raw = [];          // every stdout line as text
    this.stderr = '';
    this.waiters = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        this.#line(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
    });
    child.stdout.on('end', () => { if (pending) this.#line(pending); });
    child.stderr.on('data', (chunk) => { this.stderr += chunk; });
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 0))));
  }

  #line(text) {
    this.raw.push(text);
    this.lines.push(JSON.parse(text));  // stdout carries nothing but protocol lines
    for (const w of [...this.waiters]) w();
  }

  // Resolves with the first line (from index `from`) that `pred` accepts.
  waitFor(pred, from = 0, what = 'a line', timeout = TIMEOUT_MS) {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < this.lines.length; i++) if (pred(this.lines[i])) { done(); resolve(this.lines[i]); return true; }
        return false;
      };
      const timer = setTimeout(() => { done(); reject(new Error(`no ${what} within ${timeout} ms; stdout:\n${this.raw.join('\n')}\nstderr:\n${this.stderr}`)); }, timeout);
      const waiter = () => check();
      const done = () => { clearTimeout(timer); this.waiters = this.waiters.filter((w) => w !== waiter); };
      if (!check()) this.waiters.push(waiter);
    });
  }

  write(text) { this.child.stdin.write(text); }

  send(obj) {
    const req = { ...obj };
    if (req.request_id === undefined) req.request_id = String(this.next++);
    this.write(JSON.stringify(req) + '\n');
    return req.request_id;
  }

  // `timeout`: for a reply that is expected to take long (a provider that never answers).
  request(obj, { timeout } = {}) {
    const from = this.lines.length;
    const id = this.send(obj);
    return this.waitFor((l) => l.request_id === String(id), from, `reply to ${JSON.stringify(obj).slice(0, 80)}`, timeout);
  }

  async ok(obj) {
    const r = await this.request(obj);
    if (r.type === 'error') throw new Error(`${obj.action} failed: ${r.message}`);
    return r;
  }

  // A streaming request: every line with its id up to the terminal one.
  async stream(obj) {
    const from = this.lines.length;
    const id = this.send(obj);
    const terminal = await this.waitFor((l) => l.request_id === id && ['done', 'diff_error', 'error'].includes(l.type),
      from, `terminal line for ${id}`);
    const lines = this.lines.slice(from).filter((l) => l.request_id === id);
    return { id, lines, terminal, text: lines.filter((l) => l.type === 'chunk').map((l) => l.content).join('') };
  }

  async close() {
    this.child.stdin.end();
    return this.exited;
  }

  kill(signal = 'SIGKILL') {
    this.child.kill(signal);
    return this.exited;
  }
}

// Scripted OpenAI SSE chunks for the fake provider's `events` steps.
export const sse = {
  text: (content) => ({ choices: [{ index: 0, delta: { content } }] }),
  reasoning: (reasoning) => ({ choices: [{ index: 0, delta: { reasoning } }] }),
  toolStart: (index, id, name, args = '') =>
    ({ choices: [{ index: 0, delta: { tool_calls: [{ index, id, type: 'function', function: { name, arguments: args } }] } }] }),
  toolArgs: (index, args) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args } }] } }] }),
  finish: (reason = 'stop', usage = { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 }) =>
    ({ choices: [{ index: 0, delta: {}, finish_reason: reason }], usage }),
  // One whole tool call split in two argument pieces.
  tool: (index, name, args) => {
    const text = JSON.stringify(args);
    const half = Math.floor(text.length / 2);
    return [sse.toolStart(index, `call_${index}`, name, text.slice(0, half)), sse.toolArgs(index, text.slice(half))];
  },
};
