// bench/mcp -- `acdc mcp`'s figures (issue 31), over raw stdio pipes as an
// agent drives it, on a large repository (default /tmp/boost: /usr/include/boost
// as a git repository):
//   1. process start (spawn) to the `initialize` answer, of --starts starts
//      (the index loads in the background; nothing waits for it);
//   2. find_definition and find_references by name, after indexing, --queries
//      each, p50 and p99 round trip (the pipe's own time included);
//   3. repo_map for a question at an 8k-token budget, p95;
//   4. the peer an agent without acdc uses: `git grep -n -w NAME` (Claude
//      Code's and Cursor's Grep tool is ripgrep on the same files) for the
//      same names, in the same run, as a ratio.
// See README.md.
import { parseArgs } from 'node:util';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const { values: opt } = parseArgs({
  options: {
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    repo: { type: 'string', default: '/tmp/boost' },
    starts: { type: 'string', default: '20' },
    queries: { type: 'string', default: '300' },
    maps: { type: 'string', default: '60' },
  },
});

const NAMES = ['shared_ptr', 'weak_ptr', 'intrusive_ptr', 'scoped_ptr', 'function', 'any', 'optional', 'variant',
  'lexical_cast', 'tuple', 'array', 'bind', 'enable_if', 'is_same', 'noncopyable', 'format', 'regex_search',
  'thread', 'mutex', 'condition_variable', 'io_context', 'hash_combine', 'unordered_map', 'flat_map',
  'small_vector', 'static_vector', 'iterator_facade', 'transform_iterator', 'addressof', 'integral_constant',
  'remove_reference', 'decay', 'result_of', 'visit', 'get', 'make_shared', 'dynamic_bitset', 'circular_buffer',
  'multi_array', 'property_tree', 'basic_ptree', 'filesystem', 'path', 'directory_iterator', 'asio', 'strand',
  'steady_timer', 'deadline_timer', 'error_code', 'system_error'];

const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };

const dir = mkdtempSync(join(tmpdir(), 'acdc-mcp-bench-'));
const configFile = join(dir, 'acdc.yaml');
writeFileSync(configFile, 'plugins:\n  - name: repo\n  - name: symbol-index\n');
const argv = ['--config', configFile, '--plugin-dir', resolve(opt['plugin-dir']), 'mcp'];
const env = { ...process.env, ACDC_CONFIG_HOME: join(dir, 'config') };

function start() {
  const child = spawn(resolve(opt.acdc), argv, { cwd: opt.repo, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  let pending = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    for (let nl; (nl = pending.indexOf('\n')) >= 0;) {
      const msg = JSON.parse(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
      waiting.get(msg.id)?.(msg);
      waiting.delete(msg.id);
    }
  });
  let next = 1;
  return {
    child,
    request(method, params) {
      const id = next++;
      return new Promise((res) => {
        waiting.set(id, res);
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    },
    async stop() {
      child.stdin.end();
      await new Promise((res) => child.on('exit', res));
    },
  };
}
const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };

// 1. start to initialize
const starts = [];
for (let i = 0; i < Number(opt.starts); ++i) {
  const t0 = performance.now();
  const s = start();
  await s.request('initialize', init);
  starts.push(performance.now() - t0);
  await s.stop();
}

// 2-3. queries on an indexed repository
const s = start();
await s.request('initialize', init);
const t0 = performance.now();
const first = await s.request('tools/call', { name: 'find_definition', arguments: { name: 'shared_ptr' } });
const ready = performance.now() - t0;
if (first.result?.isError) throw new Error(JSON.stringify(first.result));
const call = async (name, args) => {
  const t = performance.now();
  const r = await s.request('tools/call', { name, arguments: args });
  if (r.error || r.result.isError) throw new Error(JSON.stringify(r));
  return [performance.now() - t, r.result.structuredContent];
};
const defs = [], refs = [], maps = [];
let found = 0;
for (let i = 0; i < Number(opt.queries); ++i) {
  const [ms, out] = await call('find_definition', { name: NAMES[i % NAMES.length] });
  defs.push(ms);
  found += out.definitions.length > 0;
}
for (let i = 0; i < Number(opt.queries); ++i) refs.push((await call('find_references', { name: NAMES[i % NAMES.length] }))[0]);
let mapTokens = 0;
for (let i = 0; i < Number(opt.maps); ++i) {
  const a = NAMES[i % NAMES.length], b = NAMES[(i * 7 + 3) % NAMES.length];
  const [ms, out] = await call('repo_map', { question: `how does ${a} work with ${b}?`, budget_tokens: 8000 });
  maps.push(ms);
  mapTokens = Math.max(mapTokens, out.estimated_tokens);
}
await s.stop();

// 4. the peer: git grep for the same names
const greps = [];
for (let i = 0; i < Math.min(50, NAMES.length); ++i) {
  const t = performance.now();
  try { execFileSync('git', ['-C', opt.repo, 'grep', '-n', '-w', NAMES[i]], { stdio: 'ignore', maxBuffer: 1 << 30 }); } catch { /* exit 1: none */ }
  greps.push(performance.now() - t);
}
rmSync(dir, { recursive: true, force: true });

const f = (x) => x.toFixed(3);
console.log(`repository ${opt.repo}; index ready ${(ready / 1000).toFixed(1)} s after initialize; ${found}/${defs.length} names found`);
console.log('| figure | p50 ms | p95 ms | p99 ms | target |');
console.log('|---|---|---|---|---|');
console.log(`| start to initialize answer (${starts.length}) | ${f(percentile(starts, 50))} | ${f(percentile(starts, 95))} | ${f(percentile(starts, 99))} | < 50 ms |`);
console.log(`| find_definition by name (${defs.length}) | ${f(percentile(defs, 50))} | ${f(percentile(defs, 95))} | ${f(percentile(defs, 99))} | p50 < 1, p99 < 5 |`);
console.log(`| find_references by name (${refs.length}) | ${f(percentile(refs, 50))} | ${f(percentile(refs, 95))} | ${f(percentile(refs, 99))} | p50 < 1, p99 < 5 |`);
console.log(`| repo_map, question, 8k budget (${maps.length}; max ${mapTokens} tokens) | ${f(percentile(maps, 50))} | ${f(percentile(maps, 95))} | ${f(percentile(maps, 99))} | p95 < 30 |`);
console.log(`| peer: git grep -n -w NAME (${greps.length}) | ${f(percentile(greps, 50))} | ${f(percentile(greps, 95))} | ${f(percentile(greps, 99))} | |`);
console.log(`find_definition p50 is ${(percentile(greps, 50) / percentile(defs, 50)).toFixed(0)}x faster than the peer's grep p50`);
