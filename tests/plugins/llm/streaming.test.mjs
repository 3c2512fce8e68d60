// The streaming chat turn as the webapp sees it: the real @flatmax/jrpc-oo
// node client, the host with the repo and llm plugins on a temporary git
// repository, and the fake LLM provider.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost } from '../../support/js/host.mjs';
import { connect } from '../../support/js/jrpc.mjs';
import { startFakeProvider } from '../../fake_provider/fake_provider.mjs';

const EDIT = '\u{1F7E7}'.repeat(3) + ' EDIT';
const REPL = '\u{1F7E8}'.repeat(3) + ' REPL';
const END = '\u{1F7E9}'.repeat(3) + ' END';

// The AcApp methods the webapp exposes, recording what the server sends.
class AcApp {
  constructor() {
    this.chunks = [];
    this.completed = new Promise((resolve) => { this.resolveComplete = resolve; });
  }
  streamChunk(requestId, content) { this.chunks.push([requestId, content]); return true; }
  streamComplete(requestId, result) { this.resolveComplete({ requestId, result }); return true; }
  filesChanged(selected) { this.selected = selected; return true; }
  filesModified(paths) { this.modified = paths; return true; }
  userMessage() { return true; }
  postResponseComplete() { return true; }
}

let fake, host, repo, configHome;

before(async () => {
  repo = mkdtempSync(join(tmpdir(), 'acdc-llm-repo-'));
  const git = (...args) => execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args]);
  git('init', '-q');
  writeFileSync(join(repo, 'app.js'), 'const answer = 41;\nexport default answer;\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'init');
  fake = await startFakeProvider();
  configHome = mkdtempSync(join(tmpdir(), 'acdc-llm-config-'));
  writeFileSync(join(configHome, 'llm.yaml'),
    `provider: openai\nbase_url: ${fake.baseUrl}\nmodel: gpt-4o\napi_key_env: ACDC_TEST_LLM_KEY\nnum_retries: 0\n`);
  host = await startHost({
    config: 'plugins:\n  - name: repo\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n',
    repo, env: { ACDC_CONFIG_HOME: configHome, ACDC_TEST_LLM_KEY: 'k' },
  });
});

after(async () => {
  await host?.stop();
  await fake?.stop();
  for (const dir of [repo, configHome]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('an answer streams in through jrpc-oo and its edit lands in the repository', async () => {
  const app = new AcApp();
  const client = await connect(host, { AcApp: app });
  for (let i = 0; i < 100 && !(await client.server['LLMService.get_current_state']()).init_complete; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(await client.server['LLMService.set_selected_files'](['app.js']), ['app.js']);
  const answer = `Fixing it.\n\napp.js\n${EDIT}\nconst answer = 41;\n${REPL}\nconst answer = 42;\n${END}\n`;
  await fake.queue([{ text: answer, format: 'openai', chunk_chars: 3, delay_ms: 1 }]);
  const started = await client.server['LLMService.chat_streaming']('node-1', 'make it 42', ['app.js'], null);
  assert.deepEqual(started, { status: 'started' });
  const { requestId, result } = await app.completed;
  assert.equal(requestId, 'node-1');
  assert.equal(result.response, answer);
  assert.equal(result.passed, 1);
  assert.deepEqual(result.files_modified, ['app.js']);
  assert.equal(result.edit_results[0].status, 'applied');
  assert.ok(app.chunks.length >= 1);
  assert.deepEqual(app.chunks.at(-1), ['node-1', answer], 'the last streamChunk carries the whole text');
  for (let i = 1; i < app.chunks.length; i++) assert.ok(app.chunks[i][1].startsWith(app.chunks[i - 1][1]));
  assert.equal(readFileSync(join(repo, 'app.js'), 'utf8'), 'const answer = 42;\nexport default answer;\n');
  client.close();
});
