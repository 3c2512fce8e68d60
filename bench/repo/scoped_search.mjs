// bench/repo/scoped_search.mjs -- the Agent's scoped searches on boost's
// headers (bench/agent's five search_code steps), through the real host
// and repo plugin, against `git grep` with the same pathspec, in one run.
// Each search is called --runs times over the WebSocket; the table gives
// the round trip's p50 and p95 beside git grep's, and their ratio. Issue 38
// asks p95 < 10 ms for a search step's engine time.
//
//   node bench/repo/scoped_search.mjs [--tree /usr/include/boost] [--runs 30] \
//       [--acdc build/acdc] [--plugin-dir build/plugins]
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from '../../tests/support/js/host.mjs';
import { connect } from '../../tests/support/js/jrpc.mjs';

const { values: opt } = parseArgs({
  options: {
    tree: { type: 'string', default: '/usr/include/boost' },
    runs: { type: 'string', default: '30' },
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
  },
});
const RUNS = Number(opt.runs);
// bench/agent/steps.mjs's searches on boost.
const SEARCHES = [
  { pattern: 'use_count', paths: ['smart_ptr/**'], max_results: 40 },
  { pattern: 'class\\s+bad_weak_ptr', regex: true, paths: ['smart_ptr/**/*.hpp'] },
  { pattern: 'BOOST_SP_NOEXCEPT', paths: ['smart_ptr/detail/*.hpp'], max_results: 30 },
  { pattern: 'make_shared', whole_word: true, paths: ['smart_ptr/*.hpp'], max_results: 30 },
  { pattern: 'fetch_add|atomic_increment', regex: true, paths: ['smart_ptr/detail/**'] },
];
const log = (line) => process.stderr.write(`${line}\n`);
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (v) => v.toFixed(2);

function gitGrep(repo, s) {
  const args = ['-C', repo, 'grep', '-n', '-i', s.regex ? '-E' : '-F', ...(s.whole_word ? ['-w'] : []), '-e', s.pattern,
    '--', ...s.paths.map((p) => `:(glob)${p}`)];
  const t0 = performance.now();
  try {
    execFileSync('git', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    if (e.status !== 1) throw e;  // 1: no match
  }
  return performance.now() - t0;
}

const repo = mkdtempSync(join(tmpdir(), 'acdc-scoped-search-'));
let host;
try {
  log(`copying ${opt.tree} into a repository...`);
  cpSync(opt.tree, repo, { recursive: true });
  const git = (...a) => execFileSync('git', ['-C', repo, ...a], { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', 'tree');
  const files = git('ls-files').split('\n').filter(Boolean).length;
  host = await startHost({ config: 'plugins:\n  - name: repo\n', repo, bin: resolve(opt.acdc),
    pluginDirs: [resolve(opt['plugin-dir'])] });
  const client = await connect(host);
  const server = client.server;
  console.log(`${opt.tree}: ${files} files, ${RUNS} calls of each search after one warm-up\n`);
  console.log('| search | matches | acdc p50 ms | acdc p95 ms | git grep p50 ms | git grep p95 ms | p50 acdc/git |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const all = [];
  for (const s of SEARCHES) {
    const first = await server['Repo.search_code'](s);
    const matches = first.structuredContent?.matches?.length ?? 0;
    const acdc = [], peer = [];
    for (let i = 0; i < RUNS; ++i) {
      const t0 = performance.now();
      await server['Repo.search_code'](s);
      acdc.push(performance.now() - t0);
      peer.push(gitGrep(repo, s));
    }
    all.push(...acdc);
    const label = `${s.pattern} in ${s.paths.join(' ')}`;
    console.log(`| \`${label}\` | ${matches} | ${ms(quantile(acdc, 0.5))} | ${ms(quantile(acdc, 0.95))} | ` +
      `${ms(quantile(peer, 0.5))} | ${ms(quantile(peer, 0.95))} | ${(quantile(acdc, 0.5) / quantile(peer, 0.5)).toFixed(2)}x |`);
  }
  const p95 = quantile(all, 0.95);
  console.log(`\nall searches: p50 ${ms(quantile(all, 0.5))} ms, p95 ${ms(p95)} ms (target p95 < 10 ms: ${p95 < 10 ? 'met' : 'NOT met'})`);
  client.close();
} finally {
  if (host) await host.stop();
  rmSync(repo, { recursive: true, force: true });
}
