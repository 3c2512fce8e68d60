// The configuration lines Settings offers to connect an agent or an editor
// (issues 31, 32): this host's port and token in the HTTP ones, the token
// masked on screen and whole in what is copied, and the page URL read once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentConfigs, mcpUrl, MASK } from '../../webapp/src/core/agent-configs.js';
import { hostAddress, socketUrl } from '../../webapp/src/core/host-address.js';

const address = { hostname: '127.0.0.1', port: '18123', token: 's3cret+/=' };
const byId = Object.fromEntries(agentConfigs(address).flatMap((c) => c.configs).map((c) => [c.id, c]));

test('the page URL gives the host, its port and token; the socket and /mcp are on that host', () => {
  const a = hostAddress({ hostname: '127.0.0.1', port: '5173', search: '?port=18123&token=s3cret%2B%2F%3D' });
  assert.deepEqual(a, address, "?port names the host's port when the page is served elsewhere");
  assert.equal(socketUrl(a), 'ws://127.0.0.1:18123/?token=s3cret%2B%2F%3D');
  assert.equal(mcpUrl(a), 'http://127.0.0.1:18123/mcp');
  assert.deepEqual(hostAddress({ hostname: 'localhost', port: '18080', search: '?token=t' }),
    { hostname: 'localhost', port: '18080', token: 't' }, 'without ?port, the port the page came from');
  assert.equal(hostAddress({ hostname: 'h', port: '', search: '' }).port, '80', "an empty port is the scheme's default");
  assert.equal(hostAddress({ hostname: 'h', port: '1', search: '' }).token, '');
});

test('Claude Code over HTTP: the whole line with the real token to copy, masked to show', () => {
  const c = byId['claude-http'];
  assert.equal(c.text, 'claude mcp add --transport http acdc-web "http://127.0.0.1:18123/mcp" --header "Authorization: Bearer s3cret+/="');
  assert.equal(c.masked, `claude mcp add --transport http acdc-web "http://127.0.0.1:18123/mcp" --header "Authorization: Bearer ${MASK}"`);
  assert.ok(c.secret);
});

test("Cursor over HTTP: the token in the URL's query, encoded", () => {
  const c = byId['cursor-http'];
  assert.equal(c.text, '{ "mcpServers": { "acdc-web": { "url": "http://127.0.0.1:18123/mcp?token=s3cret%2B%2F%3D" } } }');
  assert.ok(!c.masked.includes('s3cret'));
  assert.deepEqual(JSON.parse(c.text).mcpServers['acdc-web'], { url: 'http://127.0.0.1:18123/mcp?token=s3cret%2B%2F%3D' });
});

test('the stdio and ACP forms carry no token: shown as copied, and each is valid JSON where it is JSON', () => {
  assert.equal(byId['claude-stdio'].text, 'claude mcp add acdc -- acdc mcp');
  for (const id of ['cursor-stdio', 'zed-mcp', 'zed-acp', 'jetbrains-acp']) {
    const c = byId[id];
    assert.equal(c.secret, false, id);
    assert.equal(c.masked, c.text, id);
    JSON.parse(c.text);
  }
  assert.deepEqual(JSON.parse(byId['zed-mcp'].text).context_servers.acdc, { source: 'custom', command: 'acdc', args: ['mcp'] });
  assert.deepEqual(JSON.parse(byId['zed-acp'].text).agent_servers.acdc, { type: 'custom', command: 'acdc', args: ['acp'], env: {} });
});

test('every client named, in the order Settings shows them', () => {
  assert.deepEqual(agentConfigs(address).map((c) => c.name), ['Claude Code', 'Cursor', 'Zed', 'JetBrains']);
});
