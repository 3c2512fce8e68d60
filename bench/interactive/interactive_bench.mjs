// bench/interactive -- the Interactive Mode API's latency (issue 20's
// figures): sendUserMessage acknowledgement and first chunk, one client on
// loopback, against the fake provider answering at once. See README.md.
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost, TOKEN } from '../../tests/support/js/host.mjs';
import { startFakeProvider } from '../../tests/fake_provider/fake_provider.mjs';
import { InteractiveClient } from '../../tests/adapters/interactive_client.mjs';

const { values: opt } = parseArgs({
  options: {
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    fake: { type: 'string', default: 'build/acdc-fake-provider' },
    turns: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '50' },
  },
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const row = (name, xs, target) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (v) => v.toFixed(2).padStart(7);
  return `${name.padEnd(28)} p50 ${f(percentile(s, 50))} ms  p95 ${f(percentile(s, 95))} ms  p99 ${f(percentile(s, 99))} ms  max ${f(s.at(-1))} ms   (${target})`;
};

const fake = await startFakeProvider({ binary: resolve(opt.fake) });
const configHome = mkdtempSync(join(tmpdir(), 'acdc-bench-interactive-'));
const repo = join(configHome, 'repo');
execFileSync('git', ['init', '-q', repo]);
writeFileSync(join(configHome, 'llm.yaml'), `provider: openai\nbase_url: ${fake.baseUrl}\nmodel: gpt-4o\n` +
  'api_key_env: ACDC_BENCH_LLM_KEY\nnum_retries: 0\n');
const host = await startHost({
  bin: resolve(opt.acdc),
  pluginDirs: [resolve(opt['plugin-dir'])],
  config: 'plugins:\n  - name: repo\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n',
  repo,
  env: { ACDC_CONFIG_HOME: configHome, ACDC_BENCH_LLM_KEY: 'bench-key' },
});
try {
  const c = await InteractiveClient.open(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`);
  const { result } = await c.request('startSession', { userId: 'bench' });
  const sid = result.sessionId;
  const acks = [];
  const firsts = [];
  const total = Number(opt.turns) + Number(opt.warmup);
  for (let i = 0; i < total; ++i) {
    // One session, as a client uses it: the conversation grows each turn.
    const sent = performance.now();
    const ack = await c.request('sendUserMessage', { sessionId: sid, message: `message ${i}` });
    if (ack.error) throw new Error(JSON.stringify(ack));
    const first = await c.next((f) => f.method === 'AIMessageChunkNotification', { consume: false });
    await c.round(sid);
    c.frames.length = 0;
    c.cursor = 0;
    if (i < Number(opt.warmup)) continue;
    acks.push(ack.at - sent);
    firsts.push(first.at - sent);
  }
  await c.close();
  console.log(`${opt.turns} turns after ${opt.warmup} warm-up, one client, instant fake provider, loopback`);
  console.log(row('sendUserMessage ack', acks, 'target p95 < 10 ms'));
  console.log(row('first chunk after send', firsts, 'target p50 < 20 ms'));
} finally {
  await host.stop();
  await fake.stop();
  rmSync(configHome, { recursive: true, force: true });
}
