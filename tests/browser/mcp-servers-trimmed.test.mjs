// A host without the mcp-client plugin (a trimmed build, or --plugins): the
// Settings tab's MCP servers section says they are not available in this
// build and why, the config cards stay, and nothing throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, builtPlugins, shot } from './support.mjs';

const plugins = builtPlugins().filter((p) => p !== 'mcp-client');
const skip = !plugins.includes('settings') && 'needs the settings plugin';
let page;
if (!skip) connectedStack({ plugins }, (s) => ({ page } = s));

test('the MCP servers section says they are not available in this build, and why', { skip }, async () => {
  await page.locator('button[data-tab="settings"]').click();
  const note = page.locator('ac-settings-tab [data-unavailable="mcp"]');
  await note.waitFor({ timeout: 10000 });
  assert.match(await note.innerText(), /^MCP servers are not available in this build\.[\s\S]*the mcp-client plugin is not loaded/);
  assert.equal(await page.locator('[data-mcp-server], [data-mcp-empty]').count(), 0);
  assert.equal(await page.locator('[data-card="app"]').count(), 1, 'the config cards stay');
  await shot(page, '96-mcp-servers-trimmed');
  assert.deepEqual(page.errors, [], 'no script errors');
});
