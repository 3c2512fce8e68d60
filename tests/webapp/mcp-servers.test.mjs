// Settings' MCP servers as the page words them: each status's badge word
// (an unknown one shown as it came), cards in name order, how many of a
// server's tools are on, a retry countdown that runs down from the list's
// arrival, what a connected server said of itself, the section's count by
// status, and which failed call means a build without mcp-client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusOf, statusLabel, sortedServers, toolSummary, retryText, retrying, serverInfoLine, overview,
  notInThisBuild } from '../../webapp/src/core/mcp-servers.js';

const tool = (name, enabled = true) => ({ name, qualified: `everything__${name}`, description: '', enabled });

test('each status has its badge word; a missing one is starting, an unknown one shows as it came', () => {
  assert.deepEqual(['connected', 'starting', 'failed', 'disabled'].map((status) => statusLabel({ status })),
    ['connected', 'starting…', 'failed', 'disabled']);
  assert.equal(statusOf({}), 'starting');
  assert.equal(statusLabel({ status: 'paused' }), 'paused', 'never passed off as connected');
});

test('servers are shown in name order; the list given is not changed; no list is an empty one', () => {
  const given = [{ name: 'zeta' }, { name: 'alpha' }, { name: 'mid' }];
  assert.deepEqual(sortedServers(given).map((s) => s.name), ['alpha', 'mid', 'zeta']);
  assert.equal(given[0].name, 'zeta');
  assert.deepEqual(sortedServers(null), []);
  assert.deepEqual(sortedServers({ error: 'x' }), []);
});

test('the tools line counts those on; a server not connected yet has none to count', () => {
  const server = { status: 'connected', tools: [tool('echo'), tool('get-sum'), tool('get-env', false), tool('trace')] };
  assert.equal(toolSummary(server), '3 of 4 tools on');
  assert.equal(toolSummary({ status: 'connected', tools: [tool('echo', false)] }), '0 of 1 tool on');
  assert.equal(toolSummary({ status: 'connected', tools: [] }), 'no tools');
  assert.equal(toolSummary({ status: 'failed' }), '');
  assert.equal(toolSummary({ status: 'disabled', tools: [tool('echo')] }), '1 of 1 tool on', 'the tools a disabled server had');
});

test('the retry countdown runs down from when the list came, and says "now" once it is due', () => {
  const failed = { status: 'failed', retry_in_s: 5 };
  assert.equal(retryText(failed), 'retrying in 5 s');
  assert.equal(retryText(failed, 2000), 'retrying in 3 s');
  assert.equal(retryText(failed, 4100), 'retrying in 1 s');
  assert.equal(retryText(failed, 5000), 'retrying now');
  assert.equal(retryText({ status: 'failed' }), '', 'no restart scheduled');
  assert.equal(retrying([{ status: 'connected' }, failed]), true);
  assert.equal(retrying([{ status: 'connected' }]), false);
});

test('a connected server\'s own name, version and protocol; nothing for one not connected', () => {
  const connected = { status: 'connected', protocol: '2025-11-25', server_info: { name: 'everything', version: '2.0.0' } };
  assert.equal(serverInfoLine(connected), 'everything 2.0.0 · MCP 2025-11-25');
  assert.equal(serverInfoLine({ status: 'connected', server_info: { name: 'bare' } }), 'bare');
  assert.equal(serverInfoLine({ ...connected, status: 'failed' }), '');
});

test('the section counts servers by status, in a fixed order', () => {
  assert.equal(overview([]), 'no servers');
  assert.equal(overview([{ status: 'failed' }, { status: 'connected' }]), '2 servers: 1 connected, 1 failed');
  assert.equal(overview([{ status: 'disabled' }]), '1 server: 1 disabled');
  assert.equal(overview([{ status: 'paused' }, { status: 'starting' }]), '2 servers: 1 starting, 1 paused');
});

test('only "method not found" means a build without the plugin; a failing plugin is an error to show', () => {
  assert.equal(notInThisBuild({ code: -32601, message: 'McpClient.servers is not available' }), true);
  assert.equal(notInThisBuild({ code: -32000, message: 'not connected' }), false);
  assert.equal(notInThisBuild(new Error('boom')), false);
});
