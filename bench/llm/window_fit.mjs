// bench/llm/window_fit.mjs -- what acdc sends a local model at each window
// (issue 41): the prompt's fixed parts (system prompt, symbol map, Agent
// mode's tool list) measured on a real repository through the real host and
// plugins, against the fake provider playing Ollama at 4k to 128k. For each
// window: LLMService.get_window_fit in Ask and Agent mode (what was shrunk,
// and the tokens the fixed parts take against the quarter of the window
// they may have), then one Agent turn whose request body is read back: its
// tool count and the bytes of its system message and tool list. See README.md.
//
//   node bench/llm/window_fit.mjs --repo /tmp/requests [--acdc build/acdc] [--plugin-dir build/plugins]
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startHost } from '../../tests/support/js/host.mjs';
import { connect } from '../../tests/support/js/jrpc.mjs';
import { startFakeProvider } from '../../tests/fake_provider/fake_provider.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { values: opt } = parseArgs({
  options: {
    repo: { type: 'string' },
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    fake: { type: 'string', default: 'build/acdc-fake-provider' },
  },
});
if (!opt.repo) throw new Error('--repo <a git repository> is required');
const WINDOWS = [4096, 8192, 16384, 32768, 131072];
const PLUGINS = 'plugins:\n  - name: repo\n  - name: symbol-index\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n' +
  '  - name: exec\n    config_files: [app.yaml, llm.yaml]\n';
const log = (line) => process.stderr.write(`${line}\n`);
const n = (v) => v.toLocaleString('en-US');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The AcApp methods the host calls on a browser; the bench keeps the end of the turn.
class AcApp {
  constructor() { this.done = null; }
  streamComplete(id, result) { this.done?.(result); return true; }
}
for (const m of ['streamChunk', 'streamThinking', 'streamRetry', 'userMessage', 'postResponseComplete', 'filesChanged',
  'filesModified', 'agentModeChanged', 'modeChanged', 'sessionChanged', 'compactionEvent', 'agentStep', 'binaryFilesSkipped',
  'commandStarted', 'commandOutput', 'commandExited', 'navigateFile', 'cacheWarmup', 'cacheWarmupCancelled'])
  AcApp.prototype[m] = () => true;

// One host per window: acdc asks Ollama about a model once.
async function measure(fake, window) {
  const configHome = mkdtempSync(join(tmpdir(), 'acdc-window-fit-'));
  writeFileSync(join(configHome, 'llm.yaml'), `provider: ollama\nbase_url: ${fake.baseUrl}\nmodel: qwen2.5-coder:7b\n` +
    'smaller_model: qwen2.5-coder:7b\napi_key_env: ""\nnum_retries: 0\nollama:\n  num_ctx_max: 131072\n');
  await fake.reset();
  await fake.serveWindow({ context_length: window, capabilities: ['completion', 'tools'], loaded: ['qwen2.5-coder:7b'] });
  const host = await startHost({ config: PLUGINS, repo: resolve(opt.repo), bin: resolve(opt.acdc),
    pluginDirs: [resolve(opt['plugin-dir'])], env: { ACDC_CONFIG_HOME: configHome } });
  const app = new AcApp();
  const client = await connect(host, { AcApp: app });
  try {
    const server = client.server;
    while ((await server['SymbolIndex.get_status']()).state !== 'ready') await sleep(200);
    const fits = {};
    for (const agent of [false, true]) {
      await server['LLMService.set_agent_mode'](agent);
      fits[agent ? 'agent' : 'ask'] = await server['LLMService.get_window_fit']();
    }
    await fake.queue([{ text: 'ok' }]);
    const done = new Promise((r) => { app.done = r; });
    await server['LLMService.chat_streaming'](`bench-${window}`, 'What does this repository do?');
    const result = await done;
    const sent = JSON.parse((await fake.requests()).at(-1).body);
    return { window, fits, result, sent };
  } finally {
    client.close();
    await host.stop();
    rmSync(configHome, { recursive: true, force: true });
  }
}

const fake = await startFakeProvider({ binary: resolve(opt.fake) });
try {
  const rows = [];
  for (const window of WINDOWS) {
    rows.push(await measure(fake, window));
    log(`window ${n(window)}: measured`);
  }
  console.log(`repository: ${opt.repo}\n`);
  console.log('| window | quarter | Ask: fixed parts | Agent: fixed parts | Agent: shrunk | tools sent | system bytes | tools bytes | turn |');
  console.log('|---:|---:|---:|---:|---|---:|---:|---:|---|');
  for (const { window, fits, result, sent } of rows) {
    const system = sent.messages.find((m) => m.role === 'system')?.content ?? '';
    console.log(`| ${n(window)} | ${n(fits.agent.cap)} | ${n(fits.ask.fixed_tokens)} | ${n(fits.agent.fixed_tokens)} | ` +
      `${fits.agent.shrunk.join('; ') || 'nothing'} | ${sent.tools?.length ?? 0} | ${n(Buffer.byteLength(system))} | ` +
      `${n(Buffer.byteLength(JSON.stringify(sent.tools ?? [])))} | ${result.error ? `refused: ${result.error.slice(0, 60)}` : 'sent'} |`);
  }
} finally {
  await fake.stop();
}
