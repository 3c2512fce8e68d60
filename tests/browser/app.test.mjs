// What a user sees and does in the browser, against the real host. Steps that
// need a plugin this build does not have are skipped with the reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, git } from './support.mjs';

let stack, browser, page;
const has = (p) => stack.plugins.includes(p);
const needs = (t, ...plugins) => {
  const missing = plugins.filter((p) => !has(p));
  if (missing.length) t.skip(`needs the ${missing.join(', ')} plugin(s), not in this build`);
  return missing.length === 0;
};

before(async () => {
  stack = await startStack();
  ({ browser, page } = await openPage(stack));
});
after(async () => {
  assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

test('the page loads, connects with the token and the startup overlay clears', async () => {
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
  await shot(page, '01-loaded');
  assert.deepEqual(page.errors, []);
});

test('a plugin missing from the host disables its tab with the reason', async (t) => {
  if (has('settings')) return t.skip('every plugin with a tab is present');
  const tab = page.locator('button[data-tab="settings"]');
  assert.equal(await tab.isDisabled(), true);
  assert.match(await tab.getAttribute('title'), /settings plugin is not loaded/);
  if (!has('llm')) assert.match(await page.locator('[data-unavailable="chat"]').innerText(), /llm plugin/);
});

test('a dropped connection reconnects by itself and says so', async () => {
  await page.evaluate(() => document.querySelector('ac-app-shell').ws.close());
  await page.locator('[data-connection="down"]').waitFor({ timeout: 3000 });
  await page.locator('[data-toast]', { hasText: 'Reconnected' }).waitFor({ timeout: 6000 });
  await page.locator('[data-connection="up"]').waitFor();
  await shot(page, '02-reconnected');
});

test('the tree shows the repository with git badges; checking files selects them', async (t) => {
  if (!needs(t, 'repo')) return;
  writeFile('src/util.js', 'export function greet(name) {\n  return `hi ${name}`;\n}\n');
  await page.evaluate(() => document.querySelector('ac-file-picker').load());
  const row = page.locator('.row[data-path="src/util.js"]');
  await row.waitFor();
  assert.equal(await row.locator('[data-badge]').innerText(), 'M');
  await page.locator('.row[data-path="src/math.py"] input[type=checkbox]').check();
  await page.locator('.count', { hasText: /[12] selected/ }).waitFor();
  await shot(page, '03-selected');
  if (has('llm')) {
    const selected = await page.evaluate(() => [...document.querySelector('ac-file-picker').selected]);
    assert.ok(selected.includes('src/math.py'));
  }
});

function writeFile(rel, text) {
  writeFileSync(join(stack.repo, rel), text);
}

test('search opens the file at the matching line', async (t) => {
  if (!needs(t, 'repo')) return;
  await page.locator('button[data-tab="search"]').click();
  await page.locator('input[name="query"]').fill('multiply');
  await page.locator('input[name="query"]').press('Enter');
  const hit = page.locator('[data-hit="src/math.py:1"]');
  await hit.waitFor({ timeout: 5000 });
  await shot(page, '04-search');
  await hit.click();
  await page.locator('[data-viewer-path]', { hasText: 'src/math.py' }).waitFor({ timeout: 5000 });
  assert.match(await page.locator('ac-diff-viewer textarea').inputValue(), /def multiply/);
  await shot(page, '05-viewer');
});

test('the viewer saves an edit with Ctrl+S', async (t) => {
  if (!needs(t, 'repo')) return;
  const area = page.locator('ac-diff-viewer textarea');
  await area.waitFor();
  await area.fill('def multiply(a, b):\n    return a + b\n\n# saved from the viewer\n');
  await area.press('Control+s');
  await page.locator('[data-toast]', { hasText: 'Saved src/math.py' }).waitFor({ timeout: 5000 });
  assert.match(readFileSync(join(stack.repo, 'src/math.py'), 'utf8'), /saved from the viewer/);
  git(stack.repo, 'checkout', '--', 'src/math.py');
});

test('settings are saved, reloaded and a bad one is refused in place', async (t) => {
  if (!needs(t, 'settings')) return;
  await page.locator('button[data-tab="settings"]').click();
  const card = page.locator('[data-card="app"]');
  await card.locator('button', { hasText: 'Edit' }).click();
  const area = card.locator('textarea');
  await area.waitFor();
  const original = await area.inputValue();
  await area.fill(original + '\n# browser test was here\n');
  await card.locator('[data-action="save-config"]').click();
  await card.locator('[data-config-note]').waitFor({ timeout: 5000 });
  await card.locator('button', { hasText: 'Revert' }).click();
  await page.waitForFunction(() => document.querySelector('[data-card="app"] textarea')?.value.includes('browser test was here'));
  await area.fill('this: is: not: yaml: [');
  await card.locator('[data-action="save-config"]').click();
  await card.locator('[data-config-error]').waitFor({ timeout: 5000 });
  assert.equal(await area.inputValue(), 'this: is: not: yaml: [', 'the typed text is kept');
  await shot(page, '06-settings');
  await page.locator('button[data-tab="files"]').click();
});
