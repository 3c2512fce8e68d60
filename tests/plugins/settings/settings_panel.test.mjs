// The settings panel's round trip with the real @flatmax/jrpc-oo client the
// web app uses: open the LLM settings, change the model, save, reload, and
// see the change arrive in another plugin; a bad save is refused and the
// file on disk stays as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHost } from '../../support/js/host.mjs';
import { connect } from '../../support/js/jrpc.mjs';

const CONFIG = 'plugins:\n  - name: settings\n  - name: c-plugin\n    config_files: [llm.yaml]\n';

let host;
let client;
before(async () => {
  host = await startHost({ config: CONFIG });
  client = await connect(host);
});
after(async () => {
  client?.close();
  await host?.stop();
});

test('edit the model in the panel, save, reload: the llm config block follows', async () => {
  const info = await client.server['Settings.get_config_info']();
  const llmFile = join(info.config_dir, 'llm.yaml');
  const { content } = await client.server['Settings.get_config_content']('llm');
  assert.match(content, /^model: gpt-4o\b/m);

  const edited = content.replace(/^model: .*$/m, 'model: my-panel-model');
  const saved = await client.server['Settings.save_config_content']('llm', edited);
  assert.equal(saved.status, 'ok');
  assert.equal(readFileSync(llmFile, 'utf8'), edited);

  const reloaded = await client.server['Settings.reload_llm_config']();
  assert.deepEqual(reloaded, { status: 'ok', changed: ['c-plugin'] });
  const block = await client.server['CPlugin.config']();
  assert.equal(block.llm.model, 'my-panel-model');
  assert.equal((await client.server['Settings.get_config_info']()).model, 'my-panel-model');
});

test('a save the panel got wrong is refused with the line and the file is kept', async () => {
  const { config_dir: dir } = await client.server['Settings.get_config_info']();
  const before = readFileSync(join(dir, 'llm.yaml'), 'utf8');
  await assert.rejects(client.server['Settings.save_config_content']('llm', 'model: m\nnum_retries: [\n'),
    (e) => e.code === -32602 && /llm\.yaml line \d+: this is not valid YAML/.test(e.message) &&
      /Nothing was saved/.test(e.message));
  assert.equal(readFileSync(join(dir, 'llm.yaml'), 'utf8'), before);
});
