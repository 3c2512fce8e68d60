// bench/agent -- one Agent turn of 20 steps on a real repository, through the
// real host and plugins, against a scripted Anthropic provider in this
// process (provider.mjs), and what it costs:
//   a. the engine's time per step (tool run, prompt append, request build):
//      request k's arrival less the last byte of answer k-1, by the tool of
//      step k-1, beside each tool's own round trip over the WebSocket;
//   b. the prompt cache over the 20 requests, each body billed as
//      Anthropic's cache does (cache_bill.mjs), against a perfect prefix
//      cache and against the same bodies with only the system markers kept;
//      and whether each body began with the previous one, byte for byte.
// See README.md.
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from '../../tests/support/js/host.mjs';
import { connect } from '../../tests/support/js/jrpc.mjs';
import { startProvider } from './provider.mjs';
import { scriptFor } from './steps.mjs';
import { report } from './report.mjs';

const { values: opt } = parseArgs({
  options: {
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    tree: { type: 'string', default: '/usr/include/boost' },
    'index-timeout': { type: 'string', default: '1200' },  // seconds: a cold index of boost on 2 busy cores
  },
});
const TURN_SECONDS = 300;
const PLUGINS = 'plugins:\n  - name: repo\n  - name: symbol-index\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (line) => process.stderr.write(`${line}\n`);
function within(promise, seconds, what) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not happen within ${seconds} s`)), seconds * 1000); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// The AcApp methods the host calls on a browser; the bench keeps the steps and the end.
class AcApp {
  constructor() {
    this.steps = [];
    this.done = new Promise((r) => { this.finish = r; });
  }
  agentStep(requestId, step) { this.steps.push({ ...step, at: performance.now() }); return true; }
  streamComplete(requestId, result) { this.finish({ result, at: performance.now() }); return true; }
  streamChunk() { return true; }
  streamThinking() { return true; }
  streamRetry() { return true; }
  userMessage() { return true; }
  postResponseComplete() { return true; }
  filesChanged() { return true; }
  filesModified() { return true; }
  agentModeChanged() { return true; }
  modeChanged() { return true; }
  sessionChanged() { return true; }
  compactionEvent() { return true; }
  startupProgress() { return true; }
  pluginStatus() { return true; }
  binaryFilesSkipped() { return true; }
  cacheWarmupCountdown() { return true; }
  cacheWarmupFiring() { return true; }
  cacheWarmupComplete() { return true; }
  cacheWarmupCancelled() { return true; }
  navigateFile() { return true; }
  commitResult() { return true; }
  converseChunk() { return true; }
  reviewStarted() { return true; }
  reviewEnded() { return true; }
}

// A real repository: the tree copied and committed.
function makeRepo(repo) {
  const t0 = performance.now();
  mkdirSync(repo);
  execFileSync('cp', ['-a', `${resolve(opt.tree)}/.`, repo]);
  // No automatic gc: 15k loose objects start a detached `git gc` that would
  // compete with the turn for the cores and write into .git while it is removed.
  const git = (...args) => execFileSync('git', ['-C', repo, '-c', 'user.email=bench@example.com', '-c', 'user.name=bench',
    '-c', 'gc.auto=0', '-c', 'maintenance.auto=false', ...args],
    { maxBuffer: 1 << 30, encoding: 'utf8' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', `${opt.tree} as a repository`);
  const files = git('ls-files').split('\n').filter(Boolean);
  log(`repository: ${opt.tree} copied and committed, ${files.length} files, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return files;
}

async function waitForIndex(server) {
  const t0 = performance.now();
  for (let last = -1; ;) {
    const s = await server['SymbolIndex.get_status']();
    if (s.state === 'ready') return { files: s.files, seconds: (performance.now() - t0) / 1000 };
    if (performance.now() - t0 > Number(opt['index-timeout']) * 1000)
      throw new Error(`the symbol index was not ready within ${opt['index-timeout']} s (state ${s.state}, ${s.percent}%): raise --index-timeout`);
    if (s.percent !== last && s.percent % 10 === 0) log(`symbol index: ${s.state} ${(last = s.percent)}%`);
    await sleep(500);
  }
}

// Each step's tool once more, directly: its own round trip over the
// WebSocket; a search with path globs also without them, which shows
// whether the globs narrow what is scanned or only what is kept.
async function directCalls(server, steps, methods) {
  const out = [];
  const timed = async (method, args) => {
    const t0 = performance.now();
    const result = await server[method](args);
    return { ms: performance.now() - t0, result };
  };
  for (const s of steps.filter((st) => st.tool)) {
    const call = await timed(methods.get(s.tool), s.args);
    if (s.tool === 'search_code' && s.args.paths) {
      const { paths: _, ...unscoped } = s.args;
      call.msWithoutPaths = (await timed(methods.get(s.tool), unscoped)).ms;
    }
    out.push(call);
  }
  return out;
}

async function runTurn(server, app, message, provider) {
  const sent = performance.now();
  const started = await server['LLMService.chat_streaming']('bench-agent-1', message, null, [], null, null, null, null, { agent: true });
  if (started?.status !== 'started') throw new Error(`chat_streaming did not start: ${JSON.stringify(started)}`);
  const { result, at } = await within(app.done, TURN_SECONDS,
    'the Agent turn\'s end').catch((e) => { throw new Error(`${e.message}: ${provider.requests.length} of 20 requests reached the provider`); });
  if (result.error) throw new Error(`the Agent turn failed: ${result.error}`);
  return { sent, result, completed: at };
}

const dir = mkdtempSync(join(tmpdir(), 'acdc-bench-agent-'));
let host, client, provider;
try {
  if (!existsSync(resolve(opt.acdc))) throw new Error(`${opt.acdc} is not built`);
  const repo = join(dir, 'repo'), configHome = join(dir, 'config');
  const files = makeRepo(repo);
  const script = scriptFor(repo, files);
  provider = await startProvider(script.steps);
  mkdirSync(configHome);
  writeFileSync(join(configHome, 'llm.yaml'), `provider: anthropic\nmodel: claude-sonnet-4-5\nbase_url: ${provider.baseUrl}\n` +
    'api_key_env: ACDC_BENCH_LLM_KEY\nnum_retries: 0\n');
  host = await startHost({ config: PLUGINS, repo, bin: resolve(opt.acdc), pluginDirs: [resolve(opt['plugin-dir'])],
    env: { ACDC_CONFIG_HOME: configHome, ACDC_BENCH_LLM_KEY: 'bench' } });
  const app = new AcApp();
  client = await connect(host, { AcApp: app }, { timeoutSeconds: 120 });
  const index = await waitForIndex(client.server);
  log(`symbol index ready: ${index.files} files, ${index.seconds.toFixed(1)} s after connecting`);
  for (let i = 0; !(await client.server['LLMService.get_current_state']()).init_complete; ++i) {
    if (i > 600) throw new Error('the llm plugin did not finish starting within 60 s');
    await sleep(100);
  }
  const mode = await client.server['LLMService.get_agent_mode']();
  if (!mode.available) throw new Error(`Agent mode is unavailable: ${mode.reason}`);
  const methods = new Map((await client.server['Host.list_tools']()).map((t) => [t.name, t.method]));
  for (const s of script.steps) if (s.tool && !methods.has(s.tool)) throw new Error(`Host.list_tools has no ${s.tool}: is its plugin built?`);

  const turn = await runTurn(client.server, app, script.message, provider);
  const direct = await directCalls(client.server, script.steps, methods);
  report({ opt, files: files.length, index, script, provider, turn, app, direct });
} catch (e) {
  log(`agent bench failed: ${e.message}`);
  if (host) log(`host output (last 2000 bytes):\n${host.output().slice(-2000)}`);
  process.exitCode = 1;
} finally {
  client?.close();
  if (host) await within(host.stop(), 30, 'the host\'s exit').catch((e) => { log(e.message); process.kill(host.pid, 'SIGKILL'); });
  await provider?.stop();
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (e) {
    log(`the temporary repository ${dir} was not removed: ${e.message}`);
  }
}
process.exit(process.exitCode ?? 0);  // the jrpc-oo client may keep a timer alive
