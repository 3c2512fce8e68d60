// A host without the url-fetch plugin (a trimmed build, or --plugins): a
// link typed in the chat gets one note saying why it will not be fetched,
// and the chat goes on without it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, shot, closeAll, builtPlugins, send, lastPrompt } from './support.mjs';

const plugins = builtPlugins().filter((p) => p !== 'url-fetch');
const skip = !['repo', 'llm'].every((p) => plugins.includes(p)) && 'needs the repo and llm plugins';
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack({ plugins });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

test('a typed link says the url-fetch plugin is missing, and the chat goes on', { skip }, async (t) => {
  if (!stack.provider) return t.skip('needs the fake provider');
  await page.locator('ac-chat-input textarea').fill('see https://example.org/docs/a');
  const note = page.locator('[data-url-note]');
  await note.waitFor({ timeout: 5000 });
  assert.match(await note.innerText(), /Fetching links in messages is unavailable: the url-fetch plugin is not loaded/);
  await shot(page, '33-urls-trimmed');
  await stack.provider.queue([{ text: 'Fine without it.' }]);
  await send(page, 'see https://example.org/docs/a');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Fine without it.' }).waitFor({ timeout: 10000 });
  assert.doesNotMatch(await lastPrompt(stack.provider), /# URL Context/);
  assert.equal(await note.count(), 0, 'the note goes with the link');
  assert.deepEqual(page.errors, [], 'no script errors');
});
