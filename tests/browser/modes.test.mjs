// Code and doc mode in the browser (acdc-features.md §4.12), against the
// real host with the symbol-index plugin and the fake provider: the header's
// switch asks the server, the page follows the server's modeChanged (from
// any client), cross-reference puts both maps in the prompt, and
// navigate_file opens the file in the viewer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, shot, closeAll, builtPlugins, makeSymbolRepo, send, lastPrompt } from './support.mjs';
import { connect } from '../support/js/jrpc.mjs';

const needed = ['repo', 'symbol-index', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack({ populate: makeSymbolRepo });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

async function rpcFromNode(method, ...args) {
  const client = await connect(stack.host);
  try {
    return await client.server[method](...args);
  } finally {
    client.close();
  }
}

test('the Doc button switches the server to doc mode, and the switch shows in the chat', { skip }, async () => {
  await page.locator('.mode-switch[data-mode="code"]').waitFor({ timeout: 5000 });
  await page.locator('[data-mode-button="doc"]').click();
  await page.locator('.mode-switch[data-mode="doc"]').waitFor({ timeout: 5000 });
  await page.locator('ac-chat-message [data-system-event="yes"]', { hasText: 'Switched to doc mode.' }).waitFor({ timeout: 5000 });
  assert.equal((await rpcFromNode('LLMService.get_current_state')).mode, 'doc');
  await stack.provider.queue([{ text: 'The README has one heading.' }]);
  await send(page, 'What do the docs say?');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'The README has one heading.' }).waitFor({ timeout: 10000 });
  const prompt = await lastPrompt(stack.provider);
  assert.match(prompt, /# Document Structure/);
  assert.match(prompt, /README\.md \[readme\]:\n {2}# Symbols ~3ln/);
  assert.doesNotMatch(prompt, /def multiply|multiply\(/, 'no code map in doc mode');
  await shot(page, '60-doc-mode');
});

test('cross-reference adds the code map, and a switch from another client turns it off here too', { skip }, async () => {
  await page.locator('[data-cross-ref]').check();
  for (let i = 0; i < 50 && !(await rpcFromNode('LLMService.get_current_state')).cross_ref_enabled; i++)
    await new Promise((r) => setTimeout(r, 100));
  await stack.provider.queue([{ text: 'Both maps seen.' }]);
  await send(page, 'Which code does the README describe?');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Both maps seen.' }).waitFor({ timeout: 10000 });
  const prompt = await lastPrompt(stack.provider);
  assert.match(prompt, /# Document Structure/);
  assert.match(prompt, /multiply/, 'the code map is there too');

  await rpcFromNode('LLMService.switch_mode', 'code');
  await page.locator('.mode-switch[data-mode="code"]').waitFor({ timeout: 5000 });
  assert.equal(await page.locator('[data-cross-ref]').isChecked(), false, 'a mode switch resets cross-reference');
});

test('navigate_file opens the file in the viewer', { skip }, async () => {
  await rpcFromNode('LLMService.navigate_file', 'src/math.py');
  await page.locator('[data-viewer-path]', { hasText: 'src/math.py' }).waitFor({ timeout: 5000 });
});
