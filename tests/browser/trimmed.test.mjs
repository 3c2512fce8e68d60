// A trimmed host (only the echo plugin loaded): every tab and action that
// needs a missing plugin is disabled and says which plugin and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, shot } from './support.mjs';

let page;
connectedStack({ plugins: [] }, (s) => ({ page } = s));

test('tabs and actions of missing plugins are disabled with the reason', async () => {
  await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
  assert.equal(await page.locator('.overlay').getAttribute('data-stage'), 'ready', 'the host\'s startupProgress reached the overlay');
  const title = (sel) => page.locator(sel).getAttribute('title');
  for (const [tab, plugin] of [['settings', 'settings'], ['context', 'llm'], ['search', 'repo']]) {
    assert.equal(await page.locator(`button[data-tab="${tab}"]`).isDisabled(), true, tab);
    assert.match(await title(`button[data-tab="${tab}"]`), new RegExp(`the ${plugin} plugin is not loaded`), tab);
  }
  assert.match(await page.locator('[data-unavailable="chat"]').innerText(), /Chat is unavailable: the llm plugin/);
  assert.match(await page.locator('[data-unavailable="files"]').innerText(), /file tree is unavailable: the repo plugin/);
  assert.equal(await page.locator('ac-chat-input textarea').isDisabled(), true);
  assert.equal(await page.locator('[data-action="commit"]').isDisabled(), true);
  assert.match(await title('[data-action="commit"]'), /repo plugin/);
  assert.equal(await page.locator('[data-action="reset"]').isDisabled(), true);
  assert.deepEqual(page.errors, [], 'no script errors');
  await shot(page, '00-trimmed-host');
});
