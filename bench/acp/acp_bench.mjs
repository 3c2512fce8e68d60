// bench/acp -- `acdc acp`'s figures (issue 32), over raw pipes as an editor
// drives it, against an OpenAI-compatible SSE provider in this process (so
// the provider's write and the agent's line are timed on one clock):
//   1. process start (spawn) to the `initialize` answer, of --starts starts;
//   2. provider byte to agent_message_chunk: one delta written, the time to
//      its session/update line on stdout, --deltas deltas 30 ms apart (the
//      llm plugin sends the first delta after a quiet 25 ms at once, and
//      coalesces faster ones into one frame per 25 ms);
//   3. a turn's overhead: session/prompt to its answer, less the provider's
//      own time (request received to last byte), --turns turns of 20 deltas.
// See README.md.
import { parseArgs } from 'node:util';
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const { values: opt } = parseArgs({
  options: {
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    starts: { type: 'string', default: '20' },
    deltas: { type: 'string', default: '300' },
    turns: { type: 'string', default: '30' },
  },
});

const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const row = (name, xs, unit, scale, target) => {
  const f = (v) => (v * scale).toFixed(unit === 'us' ? 0 : 2).padStart(8);
  return `${name.padEnd(34)} p50 ${f(percentile(xs, 50))} ${unit}  p99 ${f(percentile(xs, 99))} ${unit}  max ${f(Math.max(...xs))} ${unit}   (${target})`;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sse = (obj) => `data: ${JSON.stringify(obj)}\n\n`;
const delta = (content) => sse({ choices: [{ index: 0, delta: { content } }] });
const finish = sse({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 9, completion_tokens: 9, total_tokens: 18 } }) + 'data: [DONE]\n\n';

// The provider: each request waits for a script.
const scripts = [];
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    scripts.shift()(res, performance.now());
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${server.address().port}/v1`;

const dir = mkdtempSync(join(tmpdir(), 'acdc-bench-acp-'));
const repo = join(dir, 'repo');
const configHome = join(dir, 'config');
mkdirSync(repo);
mkdirSync(configHome);
execFileSync('git', ['init', '-q', repo]);
writeFileSync(join(configHome, 'llm.yaml'), `provider: openai\nbase_url: ${baseUrl}\nmodel: gpt-4o\napi_key_env: ACDC_BENCH_LLM_KEY\nnum_retries: 0\n`);
writeFileSync(join(dir, 'acdc.yaml'), 'plugins:\n  - name: repo\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n');

class Agent {
  constructor() {
    this.started = performance.now();
    this.child = spawn(resolve(opt.acdc), ['--config', join(dir, 'acdc.yaml'), '--plugin-dir', resolve(opt['plugin-dir']), 'acp'],
      { cwd: repo, env: { ...process.env, ACDC_CONFIG_HOME: configHome, ACDC_BENCH_LLM_KEY: 'k' }, stdio: ['pipe', 'pipe', 'ignore'] });
    this.waiters = [];
    this.nextId = 1;
    let pending = '';
    this.child.stdout.on('data', (chunk) => {
      const at = performance.now();
      pending += chunk;
      for (let nl; (nl = pending.indexOf('\n')) >= 0; pending = pending.slice(nl + 1)) {
        const msg = JSON.parse(pending.slice(0, nl));
        const i = this.waiters.findIndex((w) => w.pred(msg));
        if (i >= 0) this.waiters.splice(i, 1)[0].resolve({ msg, at });
      }
    });
  }
  next(pred) { return new Promise((resolve) => this.waiters.push({ pred, resolve })); }
  send(method, params) {
    const id = this.nextId++;
    const answer = this.next((m) => m.id === id);
    this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    return answer;
  }
  close() { this.child.stdin.end(); return new Promise((r) => this.child.on('exit', r)); }
}

try {
  const starts = [];
  for (let i = 0; i < Number(opt.starts); ++i) {
    const a = new Agent();
    const { at } = await a.send('initialize', { protocolVersion: 1 });
    starts.push(at - a.started);
    await a.close();
  }

  const a = new Agent();
  await a.send('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const { sessionId } = (await a.send('session/new', { cwd: repo, mcpServers: [] })).msg.result;
  const chunkFor = (text) => (m) => m.params?.update?.sessionUpdate === 'agent_message_chunk' && m.params.update.content.text === text;

  // 2: one open stream, deltas written one at a time.
  let stream;
  const opened = new Promise((r) => scripts.push((res) => { stream = res; r(); }));
  const answered = a.send('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'stream' }] });
  await opened;
  const perDelta = [];
  for (let i = 0; i < Number(opt.deltas); ++i) {
    await sleep(30);
    const text = ` d${i}`;
    const seen = a.next(chunkFor(text));
    const t0 = performance.now();
    stream.write(delta(text));
    perDelta.push((await seen).at - t0);
  }
  stream.end(finish);
  await answered;

  // 3: whole turns, the provider taking its own time.
  const overhead = [], before = [], after = [];
  for (let i = 0; i < Number(opt.turns); ++i) {
    let received, ended;
    scripts.push(async (res, at) => {
      received = at;
      for (let k = 0; k < 20; ++k) { res.write(delta(`w${k} `)); await sleep(5); }
      res.end(finish);
      ended = performance.now();
    });
    const sent = performance.now();
    const { at } = await a.send('session/prompt', { sessionId, prompt: [{ type: 'text', text: `turn ${i}` }] });
    overhead.push(at - sent - (ended - received));
    before.push(received - sent);
    after.push(at - ended);
  }
  await a.close();

  console.log(`acdc acp, ${opt.acdc}, repo and llm plugins, SSE provider in the bench process, loopback`);
  console.log(row(`start to initialize answer (${starts.length})`, starts, 'ms', 1, 'target < 50 ms'));
  console.log(row(`provider byte to chunk (${perDelta.length})`, perDelta, 'us', 1000, 'target p50 < 1 ms'));
  console.log(row(`turn overhead (${overhead.length} turns)`, overhead, 'ms', 1, 'prompt to answer less the provider\'s time'));
  console.log(row('  prompt to provider request', before, 'ms', 1, 'context, map, history write'));
  console.log(row('  provider end to answer', after, 'ms', 1, 'edits, history, stopReason'));
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
