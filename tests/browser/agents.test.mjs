// Settings' "Connect an agent or an editor" (issues 31, 32) against the real
// host: the lines name this host's port, the token is masked on screen until
// "Show token", and Copy puts the whole line, token included, on the clipboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, builtPlugins, shot, recordCopies, lastCopy } from './support.mjs';
import { TOKEN } from '../support/js/host.mjs';

// The section needs no plugin, but it lives in the Settings tab, which needs the settings plugin.
const skip = !builtPlugins().includes('settings') && 'needs the settings plugin';
let stack, page;
if (!skip) connectedStack({ plugins: ['settings'] }, (s) => ({ stack, page } = s));

const section = () => page.locator('ac-agent-connect [data-agent-connect]');
const line = (id) => section().locator(`[data-agent-config="${id}"]`);

test('the section in Settings names this host\'s MCP endpoint, and the token only masked', { skip }, async () => {
  await page.locator('button[data-tab="settings"]').click();
  await section().locator('summary').click();
  const url = `http://127.0.0.1:${stack.host.port}/mcp`;
  assert.equal(await section().locator('[data-mcp-url]').textContent(), url);
  const shown = await line('claude-http').locator('[data-config-line]').textContent();
  assert.equal(shown, `claude mcp add --transport http acdc-web "${url}" --header "Authorization: Bearer ••••••••"`);
  assert.ok(!(await section().textContent()).includes(TOKEN), 'the token is nowhere on screen');
  await shot(page, 'agents-01-masked');
});

test('Copy copies the whole line with the real token, for the header and for the query', { skip }, async () => {
  await recordCopies(page);
  const url = `http://127.0.0.1:${stack.host.port}/mcp`;
  await line('claude-http').locator('button[data-copy]').click();
  await page.waitForFunction(() => window.copied.length === 1);
  assert.equal(await lastCopy(page), `claude mcp add --transport http acdc-web "${url}" --header "Authorization: Bearer ${TOKEN}"`);
  await line('cursor-http').locator('button[data-copy]').click();
  await page.waitForFunction(() => window.copied.length === 2);
  assert.equal(await lastCopy(page), `{ "mcpServers": { "acdc-web": { "url": "${url}?token=${TOKEN}" } } }`);
  await line('zed-acp').locator('button[data-copy]').click();
  await page.waitForFunction(() => window.copied.length === 3);
  assert.deepEqual(JSON.parse(await lastCopy(page)), { agent_servers: { acdc: { type: 'custom', command: 'acdc', args: ['acp'], env: {} } } });
});

test('"Show token" shows it in every HTTP line, and hides it again', { skip }, async () => {
  const toggle = section().locator('[data-action="show-token"]');
  await toggle.check();
  for (const id of ['claude-http', 'cursor-http'])
    assert.ok((await line(id).locator('[data-config-line]').textContent()).includes(TOKEN), id);
  await shot(page, 'agents-02-shown');
  await toggle.uncheck();
  assert.ok(!(await section().textContent()).includes(TOKEN));
  assert.deepEqual(page.errors, []);
});

// What Claude Code and Cursor would send with the copied lines: an MCP
// initialize on this host's /mcp, answered by acdc.
test('the copied HTTP lines connect: /mcp answers an initialize with the header and with the query token', { skip }, async () => {
  await recordCopies(page);
  await line('claude-http').locator('button[data-copy]').click();
  await line('cursor-http').locator('button[data-copy]').click();
  await page.waitForFunction(() => window.copied.length === 2);
  const [claude, cursor] = await page.evaluate(() => window.copied);
  const [, url, header] = claude.match(/"(http[^"]+)" --header "([^"]+)"/);
  const [name, value] = header.split(': ');
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'browser.agents', version: '1' } } };
  for (const [target, headers] of [[url, { [name]: value }], [JSON.parse(cursor).mcpServers['acdc-web'].url, {}]]) {
    const res = await fetch(target, { method: 'POST', body: JSON.stringify(initialize),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers } });
    assert.equal(res.status, 200, target);
    assert.equal((await res.json()).result.serverInfo.name, 'acdc');
  }
});
