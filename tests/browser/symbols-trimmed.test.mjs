// A host without the symbol-index plugin (a trimmed build, or --plugins):
// chat works without a map, the Context tab says why once, and the picker's
// exclusion and the editor's name lookups are off with the reason, quietly.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, shot, closeAll, builtPlugins, makeSymbolRepo, send, lastPrompt, editorPoint } from './support.mjs';

const plugins = builtPlugins().filter((p) => p !== 'symbol-index');
const skip = !['repo', 'llm'].every((p) => plugins.includes(p)) && 'needs the repo and llm plugins';
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack({ plugins, populate: makeSymbolRepo });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const MISSING = /the symbol-index plugin is not loaded/;

test('a chat completes without a map, and the Context tab says why, once', { skip }, async (t) => {
  if (!stack.provider) return t.skip('needs the fake provider');
  await stack.provider.queue([{ text: 'No map, no problem.' }]);
  await send(page, 'Hello without a map.');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'No map, no problem.' }).waitFor({ timeout: 10000 });
  assert.doesNotMatch(await lastPrompt(stack.provider), /# Repository Structure\n\nBelow is a map/, 'no map was sent');
  await page.locator('button[data-tab="context"]').click();
  const note = page.locator('[data-symbol-map-note]');
  await note.waitFor({ timeout: 5000 });
  assert.match(await note.innerText(), /The symbol map is unavailable: the symbol-index plugin is not loaded/);
  await stack.provider.queue([{ text: 'Second answer.' }]);
  await page.locator('button[data-tab="files"]').click();
  await send(page, 'Again.');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Second answer.' }).waitFor({ timeout: 10000 });
  await page.locator('button[data-tab="context"]').click();
  await note.waitFor({ timeout: 5000 });
  assert.equal(await note.count(), 1, 'said once, not per turn');
  assert.equal(await page.locator('[data-toast]', { hasText: /symbol/i }).count(), 0, 'and not as a toast');
  await shot(page, '35-trimmed-context-note');
  await page.locator('button[data-tab="files"]').click();
});

test("the picker's exclusion is off, with the plugin named", { skip }, async () => {
  const row = page.locator('.row[data-path="src/math.py"]');
  const box = row.locator('input[type=checkbox]');
  assert.match(await box.getAttribute('title'), MISSING);
  await box.click({ modifiers: ['Shift'] });
  await page.locator('[data-toast]', { hasText: MISSING }).waitFor({ timeout: 5000 });
  assert.equal(await row.getAttribute('data-state'), 'map', 'nothing was excluded');
  await row.click({ button: 'right' });
  const item = page.locator('.menu [data-action="toggle-exclusion"]');
  assert.equal(await item.isDisabled(), true);
  assert.match(await item.getAttribute('title'), MISSING);
  await page.locator('ac-file-menu .backdrop').click();
});

test('the editor offers no lookups: the button says why, a Ctrl+click says it once inline', { skip }, async () => {
  await row('src/app.py').click();
  await page.locator('[data-viewer-path]', { hasText: 'src/app.py' }).waitFor({ timeout: 5000 });
  const refs = page.locator('[data-action="references"]');
  assert.equal(await refs.isDisabled(), true);
  assert.match(await refs.getAttribute('title'), MISSING);
  const at = await editorPoint(page, 5, 'multiply');
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(600);
  assert.equal(await page.locator('[data-hover]').count(), 0, 'no hover is asked for');
  for (let i = 0; i < 2; i++) {
    await page.keyboard.down('Control');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Control');
  }
  const note = page.locator('[data-lsp-note]');
  await note.waitFor({ timeout: 3000 });
  assert.equal(await note.count(), 1);
  assert.match(await note.innerText(), MISSING);
  assert.equal(await page.locator('[data-viewer-path]').innerText(), 'src/app.py', 'the editor stayed where it was');
  await shot(page, '36-trimmed-viewer');
  // Typing the start of a name asks for no completions: no list opens.
  await page.locator('ac-file-editor .cm-line', { hasText: 'print(area(2, 3))' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' # mult');
  await page.waitForTimeout(600);
  assert.equal(await page.locator('.cm-tooltip-autocomplete').count(), 0, 'no completions are asked for');
  assert.deepEqual(page.errors, [], 'no script errors');
});

function row(path) {
  return page.locator(`.row[data-path="${path}"]`);
}
