// acdc's MCP server over Streamable HTTP on the web host's /mcp (issue 31),
// driven by the official TypeScript SDK's Client (StreamableHTTPClientTransport)
// and by plain fetch for what the SDK would never send: sessions, tools,
// errors, a streamed ask_acdc, pagination, and the host's refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { makeProject } from './mcp_project.mjs';
import { connectHttp, startMcpHost, TOKEN } from './mcp_host.mjs';

const EDIT = '\u{1F7E7}'.repeat(3) + ' EDIT';
const REPL = '\u{1F7E8}'.repeat(3) + ' REPL';
const END = '\u{1F7E9}'.repeat(3) + ' END';

let fake, project, host, mcp;
before(async () => {
  fake = await startFakeProvider();
  project = makeProject(fake, { extraFiles: 230 });
  host = await startMcpHost(project);
  mcp = await connectHttp(host);
});
after(async () => {
  await mcp?.close();
  await host?.stop();
  await fake?.stop();
});

const text = (r) => r.content.map((c) => c.text).join('');
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

// One raw request on /mcp; the token as a Bearer header unless `headers` says otherwise.
async function raw(method, { body, headers = {}, query = '' } = {}) {
  const res = await fetch(host.mcpUrl + query, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const payload = type.includes('application/json') ? await res.json() : await res.text();
  return { status: res.status, session: res.headers.get('mcp-session-id'), type, payload };
}

test('initialize over HTTP: a session id, acdc\'s name and capabilities', () => {
  assert.match(mcp.transport.sessionId, /^[0-9a-f]{32}$/);
  assert.equal(mcp.client.getServerVersion().name, 'acdc');
  assert.ok(mcp.client.getServerCapabilities().tools);
});

test('tools/list and tool calls on the web host\'s repository', async () => {
  const { tools } = await mcp.client.listTools();
  assert.ok(tools.some((t) => t.name === 'read_file') && tools.some((t) => t.name === 'git_status'));
  const read = await mcp.client.callTool({ name: 'read_file', arguments: { path: 'src/shapes.py' } });
  assert.equal(read.isError, false, text(read));
  assert.match(text(read), /class Shape/);
  const status = await mcp.client.callTool({ name: 'git_status', arguments: {} });
  assert.equal(status.isError, false, text(status));
  assert.equal(typeof status.structuredContent.branch, 'string');
});

test('an unknown tool is an MCP error that names the tool', async () => {
  await assert.rejects(mcp.client.callTool({ name: 'no_such_tool', arguments: {} }),
    (e) => e.code === ErrorCode.InvalidParams && /no_such_tool/.test(e.message));
});

test('resources/list comes in pages over HTTP', async () => {
  const first = await mcp.client.listResources();
  assert.ok(first.nextCursor, 'over 200 files come in pages');
  const second = await mcp.client.listResources({ cursor: first.nextCursor });
  const uris = [...first.resources, ...second.resources].map((r) => r.uri);
  assert.equal(new Set(uris).size, uris.length, 'no resource twice');
});

test('the token in the URL\'s query serves clients that take only a URL', async () => {
  const viaQuery = await connectHttp(host, { tokenInUrl: true });
  try {
    const r = await viaQuery.client.callTool({ name: 'git_status', arguments: {} });
    assert.equal(r.isError, false, text(r));
    assert.notEqual(viaQuery.transport.sessionId, mcp.transport.sessionId, 'each client its own session');
  } finally {
    await viaQuery.close();
  }
});

test('ask_acdc streams its progress as server-sent events on the POST, then its answer', async () => {
  const answer = `Renaming it.\n\nsrc/main.py\n${EDIT}\ndef report(shapes):\n${REPL}\ndef print_report(shapes):\n${END}\n`;
  await fake.queue([{ text: answer, chunk_chars: 40, split: 250, delay_ms: 1000 }]);
  const progress = [];
  const r = await mcp.client.callTool({ name: 'ask_acdc', arguments: { question: 'rename report', files: ['src/main.py'] } },
    undefined, { onprogress: (p) => progress.push(p.message), timeout: 60000 });
  assert.equal(r.isError, false, text(r));
  assert.ok(progress.length >= 1, 'progress arrived before the answer');
  assert.ok(answer.startsWith(progress.join('')));
  assert.match(readFileSync(join(project.repo, 'src', 'main.py'), 'utf8'), /def print_report/);
});

test('a client that accepts only JSON gets the answer as JSON', async () => {
  const init = await raw('POST', { body: INIT, headers: { Accept: 'application/json' } });
  assert.equal(init.status, 200);
  assert.equal(init.payload.result.protocolVersion, '2025-11-25');
  const ping = await raw('POST', { body: { jsonrpc: '2.0', id: 2, method: 'ping' },
    headers: { 'Mcp-Session-Id': init.session, Accept: 'application/json' } });
  assert.deepEqual(ping.payload, { jsonrpc: '2.0', id: 2, result: {} });
  assert.equal((await raw('DELETE', { headers: { 'Mcp-Session-Id': init.session } })).status, 200);
});

test('sessions: notifications get 202, a missing id 400, an unknown or ended one 404', async () => {
  const init = await raw('POST', { body: INIT });
  assert.equal(init.status, 200);
  const s = { 'Mcp-Session-Id': init.session };
  const note = await raw('POST', { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, headers: s });
  assert.equal(note.status, 202);
  const missing = await raw('POST', { body: { jsonrpc: '2.0', id: 2, method: 'ping' } });
  assert.equal(missing.status, 400);
  assert.match(missing.payload.error.message, /Mcp-Session-Id/);
  const unknown = await raw('POST', { body: { jsonrpc: '2.0', id: 2, method: 'ping' }, headers: { 'Mcp-Session-Id': 'f00' } });
  assert.equal(unknown.status, 404);
  assert.match(unknown.payload.error.message, /initialize again/);
  assert.equal((await raw('DELETE', { headers: s })).status, 200);
  const ended = await raw('POST', { body: { jsonrpc: '2.0', id: 3, method: 'ping' }, headers: s });
  assert.equal(ended.status, 404);
});

test('malformed requests get a status and a message, and the server goes on', async () => {
  const init = await raw('POST', { body: INIT });
  const s = { 'Mcp-Session-Id': init.session };
  const notJson = await raw('POST', { body: '{"jsonrpc":', headers: s });
  assert.equal(notJson.status, 400);
  assert.equal(notJson.payload.error.code, ErrorCode.ParseError);
  const batch = await raw('POST', { body: [{ jsonrpc: '2.0', id: 5, method: 'ping' }], headers: s });
  assert.equal(batch.status, 400);
  assert.match(batch.payload.error.message, /batch/i);
  assert.equal((await raw('POST', { body: '{}', headers: { ...s, 'Content-Type': 'text/plain' } })).status, 415);
  assert.equal((await raw('POST', { body: INIT, headers: { Accept: 'text/html' } })).status, 406);
  const version = await raw('POST', { body: { jsonrpc: '2.0', id: 6, method: 'ping' },
    headers: { ...s, 'MCP-Protocol-Version': '1999-01-01' } });
  assert.equal(version.status, 400);
  assert.match(version.payload.error.message, /2025-11-25/);
  assert.equal(version.payload.id, 6, 'an error response carries the request\'s id');
  const lost = await raw('POST', { body: { jsonrpc: '2.0', id: 'gone', method: 'ping' },
    headers: { 'Mcp-Session-Id': 'no-such-session' } });
  assert.equal(lost.status, 404);
  assert.equal(lost.payload.id, 'gone');
  const big = await raw('POST', { body: 'x'.repeat(9 << 20), headers: s });
  assert.equal(big.status, 413);
  assert.match(big.payload.error.message, /8 MiB/);
  const ping = await raw('POST', { body: { jsonrpc: '2.0', id: 7, method: 'ping' }, headers: s });
  assert.equal(ping.status, 200);
});

// MCP 2026-07-28: the version and the client's capabilities in each request's _meta, the method
// (and tool) in headers, no initialize and no session.
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
function stateless(id, method, params = {}, headers = {}) {
  const name = params.name ?? params.uri;
  return raw('POST', { body: { jsonrpc: '2.0', id, method, params: { _meta: META, ...params } },
    headers: { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}), ...headers } });
}

test('the stateless revision 2026-07-28 on the same endpoint: server/discover, tools without a session, cache hints', async () => {
  const discover = await stateless(1, 'server/discover');
  assert.equal(discover.status, 200);
  assert.equal(discover.session, null, 'no session');
  const found = discover.payload.result;
  assert.deepEqual(found.supportedVersions.slice(0, 2), ['2026-07-28', '2025-11-25']);
  assert.ok(found.capabilities.tools && found.capabilities.prompts && !found.capabilities.logging);
  assert.equal(found._meta['io.modelcontextprotocol/serverInfo'].name, 'acdc');
  assert.equal(found.resultType, 'complete');
  const list = (await stateless(2, 'tools/list')).payload.result;
  assert.ok(list.tools.some((t) => t.name === 'read_file'));
  assert.deepEqual([list.resultType, list.cacheScope, typeof list.ttlMs], ['complete', 'private', 'number']);
  const read = await stateless(3, 'tools/call', { name: 'read_file', arguments: { path: 'src/shapes.py' } });
  assert.equal(read.payload.result.resultType, 'complete');
  assert.match(text(read.payload.result), /class Shape/);
  const missing = await stateless(4, 'resources/read', { uri: 'file:///no/such/file' });
  assert.equal(missing.payload.error.code, -32602);
  assert.equal(missing.payload.error.data.uri, 'file:///no/such/file');
});

test('the stateless revision refuses what breaks its rules, with its codes and statuses and the request\'s id', async () => {
  const noMeta = await raw('POST', { body: { jsonrpc: '2.0', id: 10, method: 'tools/list', params: {} },
    headers: { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' } });
  assert.deepEqual([noMeta.status, noMeta.payload.error.code, noMeta.payload.id], [400, -32602, 10]);
  const wrongMethod = await stateless(11, 'tools/list', {}, { 'Mcp-Method': 'prompts/list' });
  assert.deepEqual([wrongMethod.status, wrongMethod.payload.error.code], [400, -32020]);
  const wrongName = await stateless(12, 'tools/call', { name: 'read_file', arguments: { path: 'README.md' } }, { 'Mcp-Name': 'git_log' });
  assert.deepEqual([wrongName.status, wrongName.payload.error.code], [400, -32020]);
  assert.match(wrongName.payload.error.message, /Mcp-Name/);
  const spaced = await stateless(13, 'tools/call', { name: 'read_file', arguments: { path: 'README.md' } }, { 'Mcp-Name': '  read_file ' });
  assert.equal(spaced.status, 200, 'whitespace around a header value is not part of it');
  const future = await raw('POST', { body: { jsonrpc: '2.0', id: 14, method: 'server/discover',
    params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } },
  headers: { 'MCP-Protocol-Version': '2099-01-01', 'Mcp-Method': 'server/discover' } });
  assert.deepEqual([future.status, future.payload.error.code, future.payload.id], [400, -32022, 14]);
  assert.equal(future.payload.error.data.requested, '2099-01-01');
  assert.ok(future.payload.error.data.supported.includes('2026-07-28'));
  for (const removed of ['initialize', 'ping', 'logging/setLevel', 'no/such']) {
    const answer = await stateless(15, removed);
    assert.deepEqual([answer.status, answer.payload.error.code], [404, -32601], removed);
  }
});

test('GET opens an event stream that starts with a priming event and stays open', async () => {
  const init = await raw('POST', { body: INIT });
  const abort = new AbortController();
  const res = await fetch(host.mcpUrl, { signal: abort.signal,
    headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'text/event-stream', 'Mcp-Session-Id': init.session } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/event-stream/);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  while (!seen.includes('\n\n')) seen += (await reader.read()).value;
  assert.match(seen, /^id: \S+\nretry: \d+\ndata: \n\n/);
  abort.abort();
  assert.equal((await raw('DELETE', { headers: { 'Mcp-Session-Id': init.session } })).status, 200);
});

test('a missing or wrong token is refused with 401 and says what to send', async () => {
  const none = await raw('POST', { body: INIT, headers: { Authorization: '' } });
  assert.equal(none.status, 401);
  assert.match(none.payload.error.message, /Authorization: Bearer/);
  const wrong = await raw('POST', { body: INIT, headers: { Authorization: 'Bearer nope' } });
  assert.equal(wrong.status, 401);
  const wrongQuery = await raw('POST', { body: INIT, headers: { Authorization: '' }, query: '?token=nope' });
  assert.equal(wrongQuery.status, 401);
});

test('a foreign Origin is refused with 403; the host\'s own page is not', async () => {
  const foreign = await raw('POST', { body: INIT, headers: { Origin: 'https://evil.example.com' } });
  assert.equal(foreign.status, 403);
  assert.match(foreign.payload.error.message, /Origin/);
  const own = await raw('POST', { body: INIT, headers: { Origin: `http://127.0.0.1:${host.port}` } });
  assert.equal(own.status, 200);
});

test('a Host that is not this server (DNS rebinding) is refused with 403', async () => {
  const { request } = await import('node:http');
  const status = await new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: '/mcp', method: 'POST',
      headers: { Host: 'evil.example.com', Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream' } }, (res) => { res.resume(); resolve(res.statusCode); });
    req.on('error', reject);
    req.end(JSON.stringify(INIT));
  });
  assert.equal(status, 403);
});
