// Settings' MCP servers in the browser, against the real host with the
// mcp-client plugin: a repository whose .acdc/mcp.json names one working
// server (@modelcontextprotocol/server-everything over stdio) and one whose
// command does not exist. The working one shows connected with its tools,
// the broken one failed with its reason; a tool switched off is switched off
// by McpClient.set_enabled and stays off when the page reads the list again;
// Restart ends connected again. A repository with no servers says where to
// configure them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectedStack, builtPlugins, makeRepo, shot, pageRpc, recordToasts, toastsSeen, ROOT } from './support.mjs';

const needed = ['settings', 'mcp-client'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const EVERYTHING = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

function repoWithServers(dir) {
  makeRepo(dir);
  mkdirSync(join(dir, '.acdc'), { recursive: true });
  writeFileSync(join(dir, '.acdc', 'mcp.json'), JSON.stringify({ mcpServers: {
    everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    broken: { command: '/nonexistent/mcp-server' },
  } }, null, 2));
  return dir;
}

let page, bare;
if (!skip) {
  connectedStack({ populate: repoWithServers }, (s) => ({ page } = s));
  connectedStack({}, (s) => ({ page: bare } = s));
}

const card = (name, p = page) => p.locator(`[data-mcp-server="${name}"]`);
const toolSwitch = (tool) => card('everything').locator(`[data-mcp-tool="${tool}"] [data-action="tool-enabled"]`);

const connected = () => page.locator('[data-mcp-server="everything"][data-status="connected"]').waitFor({ timeout: 30000 });

async function openSettings(p = page) {
  await p.locator('button[data-tab="settings"]').click();
  await p.locator('ac-mcp-servers').waitFor({ timeout: 10000 });
}

// The JSON-RPC requests the page sends from now on (a socket opened after this call).
function recordRequests(p) {
  const sent = [];
  p.on('websocket', (ws) => ws.on('framesent', ({ payload }) => {
    try { sent.push(JSON.parse(payload)); } catch { /* not a JSON frame */ }
  }));
  return sent;
}

async function reloadSettings() {
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await openSettings();
}

test('the working server shows connected with its tools; the broken one failed with its reason', { skip }, async () => {
  await openSettings();
  await connected();
  const everything = card('everything');
  assert.equal(await everything.locator('[data-mcp-status]').innerText(), 'connected');
  assert.match(await everything.locator('[data-mcp-target]').innerText(), /^stdio .*server-everything.*stdio\s+from \.acdc\/mcp\.json$/s);
  for (const tool of ['echo', 'get-sum'])
    assert.equal(await toolSwitch(tool).isChecked(), true, `${tool} is listed and on`);
  assert.match(await everything.locator('[data-mcp-tools-summary]').innerText(), /^(\d+) of \1 tools on$/);
  assert.match(await everything.locator('[data-mcp-info]').innerText(), /MCP \d{4}-\d{2}-\d{2}/);

  // Read at once: a failed server may be retried, and show "starting…" for a moment.
  await page.locator('[data-mcp-server="broken"][data-status="failed"]').waitFor({ timeout: 20000 });
  const broken = await page.evaluate(() => {
    const c = document.querySelector('[data-mcp-server="broken"]');
    return { status: c.querySelector('[data-mcp-status]').textContent, error: c.querySelector('[data-mcp-error]')?.textContent,
      log: c.querySelector('[data-mcp-log]')?.open, overview: document.querySelector('[data-mcp-overview]').textContent,
      order: [...document.querySelectorAll('[data-mcp-server]')].map((el) => el.dataset.mcpServer) };
  });
  assert.equal(broken.status, 'failed');
  assert.notEqual(broken.error?.trim() ?? '', '', 'the reason is shown');
  assert.notEqual(broken.log, false, 'a failed server\'s log, when it has one, is open');
  assert.deepEqual(broken.order, ['broken', 'everything'], 'in name order');
  assert.equal(broken.overview, '2 servers: 1 connected, 1 failed');
  await shot(page, '95-mcp-servers');
});

test('a tool switched off calls set_enabled, and stays off when the list is read again', { skip }, async () => {
  const sent = recordRequests(page);
  await reloadSettings();
  await toolSwitch('echo').waitFor({ timeout: 30000 });
  const summary = card('everything').locator('[data-mcp-tools-summary]');
  const before = await summary.innerText();
  await toolSwitch('echo').uncheck();
  await page.waitForFunction((old) => {
    const now = document.querySelector('[data-mcp-server="everything"] [data-mcp-tools-summary]')?.textContent;
    return now && now !== old;
  }, before, { timeout: 10000 });
  const call = sent.find((m) => m.method === 'McpClient.set_enabled');
  assert.deepEqual(call?.params?.args, ['everything', 'echo', false]);
  const listed = (await pageRpc(page, 'McpClient.servers')).find((s) => s.name === 'everything');
  assert.equal(listed.tools.find((t) => t.name === 'echo').enabled, false, `McpClient.servers: ${JSON.stringify(listed.tools)}`);

  await reloadSettings();
  await toolSwitch('echo').waitFor({ timeout: 10000 });
  assert.equal(await toolSwitch('echo').isChecked(), false, 'still off after a reload');
  assert.equal(await toolSwitch('get-sum').isChecked(), true);
});

test('Restart of the working server ends connected again', { skip }, async () => {
  await recordToasts(page);
  const restart = card('everything').locator('[data-action="restart"]');
  await restart.click();
  await page.locator('[data-mcp-server="everything"] [data-action="restart"]:enabled').waitFor({ timeout: 30000 });
  assert.equal(await restart.innerText(), 'Restart');
  await connected();
  await toolSwitch('get-sum').waitFor({ timeout: 10000 });
  assert.deepEqual((await toastsSeen(page)).filter((t) => /restart/i.test(t)), [], 'no failure toast');
  assert.deepEqual(page.errors, [], 'no script errors');
});

test('with no servers configured, the section says where to configure them', { skip }, async () => {
  await openSettings(bare);
  const empty = bare.locator('[data-mcp-empty]');
  await empty.waitFor({ timeout: 10000 });
  assert.match(await empty.innerText(), /mcp_servers:[\s\S]*app\.yaml[\s\S]*\.acdc\/mcp\.json[\s\S]*acdc import-mcp/);
  assert.equal(await bare.locator('[data-mcp-server]').count(), 0);
  assert.deepEqual(bare.errors, [], 'no script errors');
});
