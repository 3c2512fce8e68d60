// A local model without a key (issue 30) in the browser, against the real
// host with the settings plugin: llm.yaml names a key variable nobody set,
// and the fake provider plays the Ollama server (OLLAMA_HOST at its root,
// GET /api/tags played from its queue, /api/show saying the model's context
// length). The refused send offers the server's models, each with its
// window; the click rewrites llm.yaml and sends the question again, asking
// Ollama for the window acdc budgets for, which the Context tab shows with
// where it came from. With no server answering, nothing is offered. A small
// window (issue 41): the Settings tab says what acdc shrank to fit it and
// lists the local models with their windows; a cold model's first answer
// says it is loading, and a prompt Ollama cut is reported in the chat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startStack, openPage, closeAll, builtPlugins, send, shot } from './support.mjs';

const needed = ['settings', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const NO_KEY = 'ACDC_BROWSER_TEST_KEY_NOBODY_SET';
const TAGS = { status: 200, body: JSON.stringify({ models: [{ name: 'qwen2.5-coder:7b' }, { name: 'llama3.1' }] }) };
const ollamaRoot = (provider) => provider.baseUrl.replace(/\/v1$/, '');

// A keyless stack whose page is connected and past its start-up.
async function keyless(ollamaHost) {
  // Anthropic in llm.yaml, so the switch to ollama shows in the file.
  const stack = await startStack({ apiKeyEnv: NO_KEY, provider: 'anthropic', env: (p) => ({ OLLAMA_HOST: ollamaHost(p) }) });
  const opened = await openPage(stack);
  await opened.page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await opened.page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
  return { stack, ...opened };
}

// A port nothing listens on.
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a send refused for a missing key offers the Ollama models; the click switches llm.yaml and sends again', { skip }, async () => {
  const { stack, browser, page } = await keyless(ollamaRoot);
  const llmYaml = () => readFileSync(join(stack.dir, 'config', 'llm.yaml'), 'utf8');
  try {
    // The probes of the refusal, of local_model_offer and of use_local_model, then the answer.
    await stack.provider.queue([TAGS, TAGS, TAGS, { text: 'Hi from the local model.' }]);
    await stack.provider.serveWindow({ context_length: 131072 });
    await send(page, 'Hello, local model.');
    const note = page.locator('ac-chat-message [data-notice="error"]').last();
    await note.waitFor({ timeout: 5000 });
    assert.match(await note.innerText(), new RegExp(`^Not sent: ${NO_KEY} \\(api_key_env in llm\\.yaml\\) is not set`));
    const offer = note.locator('[data-local-model-offer]');
    await offer.waitFor({ timeout: 5000 });
    // Each with the window acdc would use there (this Ollama lists no capabilities: nothing said of tools).
    assert.deepEqual(await offer.locator('option').allTextContents(), [
      "qwen2.5-coder:7b · 32,768-token window (the model's 131,072, capped)",
      "llama3.1 · 32,768-token window (the model's 131,072, capped)"]);
    assert.match(llmYaml(), /^provider: anthropic\n/m, 'nothing is chosen without the click');
    assert.equal(await page.locator('ac-chat-input textarea').inputValue(), 'Hello, local model.');
    await shot(page, '90-local-model-offered');

    await offer.locator('select').selectOption('llama3.1');
    await offer.locator('[data-action="use-local-model"]').click();
    const answer = page.locator('ac-chat-message .msg.assistant').filter({ hasText: 'Hi from the local model.' });
    await answer.waitFor({ timeout: 10000 });

    const yaml = llmYaml();
    assert.match(yaml, /^provider: ollama$/m);
    assert.match(yaml, new RegExp(`^base_url: "?${ollamaRoot(stack.provider)}"?$`, 'm'));
    assert.match(yaml, /^model: "?llama3\.1"?$/m);
    const said = page.locator('ac-chat-message [data-notice="info"]').last();
    assert.match(await said.innerText(), new RegExp(`llm\\.yaml now uses the local model llama3\\.1 at ${ollamaRoot(stack.provider)}`));
    assert.equal(await note.locator('[data-local-model-offer]').count(), 0, 'the offer is gone once used');
    assert.deepEqual(await page.locator('ac-chat-message .msg.user').allInnerTexts(), ['Hello, local model.'], 'sent once, again');
    assert.equal(await page.locator('ac-chat-input textarea').inputValue(), '', 'the question left the input');
    const sent = (await stack.provider.requests()).at(-1);
    assert.match(sent.path, /\/api\/chat$/);
    const body = JSON.parse(sent.body);
    assert.equal(body.model, 'llama3.1');
    // The model's 131,072 tokens, capped at ollama.num_ctx_max: the window asked for is the one budgeted for.
    assert.equal(body.options.num_ctx, 32768, 'num_ctx asked of Ollama');
    assert.ok((await stack.provider.asked()).some((a) => a.startsWith('POST /api/show') && a.includes('llama3.1')));
    await page.locator('[data-tab="context"]').click();
    const source = page.locator('[data-window-source]');
    await source.waitFor({ timeout: 10000 });
    assert.equal(await source.innerText(),
      "The window: 32,768 tokens, from Ollama's /api/show: the model's 131,072, capped at ollama.num_ctx_max 32,768");
    await shot(page, '91-local-model-window');
    await page.locator('[data-tab="files"]').click();
    await shot(page, '91-local-model-used');
    assert.deepEqual(page.errors, []);
  } finally {
    assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
  }
});

test('an 8k local window: Settings says what shrank and lists the local models; a cold load and a cut prompt are said', { skip }, async () => {
  const stack = await startStack({ provider: 'ollama', model: 'qwen2.5-coder:7b', env: (p) => ({ OLLAMA_HOST: ollamaRoot(p) }) });
  await stack.provider.serveWindow({
    context_length: 8192, loaded: [],
    models: { 'qwen2.5-coder:7b': { context_length: 8192, capabilities: ['completion', 'tools'] },
      'phi': { context_length: 2048, capabilities: ['completion'] } },
  });
  const { browser, page } = await openPage(stack);
  try {
    await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
    await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
    // Cold: the answer's place says the model is loading until the first words.
    // The fake takes 3 s to begin, as a model loading does.
    await stack.provider.queue([{ text: 'Loaded and answering.', first_byte_ms: 3000,
      usage: { input_tokens: 40, output_tokens: 5 } }]);
    await send(page, 'Hello, small model.');
    const status = page.locator('ac-chat-message [data-stream-status]');
    await status.waitFor({ timeout: 10000 });
    assert.match(await status.innerText(), /Ollama is loading qwen2\.5-coder:7b into memory/);
    await shot(page, '93-local-model-loading');
    await page.locator('ac-chat-message .msg.assistant').filter({ hasText: 'Loaded and answering.' }).waitFor({ timeout: 10000 });
    assert.equal(await status.count(), 0, 'gone once the answer came');
    // Ollama read 40 tokens of a prompt of a thousand and more: a cut, said under the answer.
    const cut = page.locator('ac-chat-message [data-notice="warn"]').last();
    await cut.waitFor({ timeout: 5000 });
    assert.match(await cut.innerText(), /^Ollama read 40 tokens of this prompt where acdc sent about [\d,]+: it cut the front/);
    await shot(page, '94-local-model-cut');

    // The local models' list for the Settings tab's offer, then the tab.
    await stack.provider.queue([{ status: 200, body: JSON.stringify({ models: [{ name: 'qwen2.5-coder:7b' }, { name: 'phi' }] }) }]);
    await page.locator('[data-tab="settings"]').click();
    const fit = page.locator('[data-window-fit]');
    await fit.waitFor({ timeout: 10000 });
    assert.match(await fit.innerText(), /^Window 8,192 tokens \(Ollama's \/api\/show: the model's 8,192\)/);
    const shrunk = await page.locator('[data-shrunk]').allInnerTexts();
    assert.ok(shrunk.some((line) => /^the symbol map: [\d,]+ tokens instead of 1,024$/.test(line)), shrunk.join('\n'));
    // The local models, each with its window and whether it can run Agent mode.
    const offer = page.locator('ac-settings-tab [data-local-model-offer]');
    await offer.waitFor({ timeout: 10000 });
    assert.deepEqual(await offer.locator('option').allTextContents(),
      ['qwen2.5-coder:7b · 8,192-token window', 'phi · 2,048-token window · no tools: Ask mode only']);
    await shot(page, '95-settings-window-fit');
    assert.deepEqual(page.errors, []);
  } finally {
    assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
  }
});

test('with no Ollama server answering, the missing-key refusal offers nothing', { skip }, async () => {
  const port = await closedPort();
  const { stack, browser, page } = await keyless(() => `127.0.0.1:${port}`);
  try {
    await send(page, 'Hello, nobody.');
    const note = page.locator('ac-chat-message [data-notice="error"]').last();
    await note.waitFor({ timeout: 5000 });
    assert.match(await note.innerText(), /is not set/);
    await note.locator('ac-local-model-offer[data-offer="none"]').waitFor({ state: 'attached', timeout: 10000 });
    assert.equal(await note.locator('[data-local-model-offer]').count(), 0);
    assert.equal(await note.locator('button').count(), 0, 'no button to click');
    assert.equal(await page.locator('ac-chat-input textarea').inputValue(), 'Hello, nobody.');
    assert.equal((await stack.provider.requests()).length, 0, 'nothing reached the fake provider');
    await shot(page, '92-local-model-none');
  } finally {
    assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
  }
});
