// The Interactive Mode API (shared/specs/reference/interactive-api.md §10)
// through a real WebSocket to the real acdc, its llm plugin and the fake
// OpenAI-compatible provider: what a client of /ws sees. The finer ordering
// rules are also covered in-process by interactive_session_test.cpp.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost, TOKEN } from '../support/js/host.mjs';
import { connect as connectJrpc } from '../support/js/jrpc.mjs';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { startConnectionRelay } from '../fake_provider/connection_relay.mjs';
import { InteractiveClient } from './interactive_client.mjs';

const ROUND_TIMEOUT_S = 2;
const TOOL_TIMEOUT_S = 1;
let fake;
let relay;
let host;
let repo;
let wsUrl;
let configHome;
const clients = [];

async function connect(options) {
  const c = await InteractiveClient.open(wsUrl, options);
  clients.push(c);
  return c;
}

async function startSession(c, sessionParams = {}) {
  const reply = await c.request('startSession', { userId: 'u', sessionParams });
  assert.equal(reply.result.status, 1, JSON.stringify(reply));
  await c.next((f) => f.method === 'SessionStatusNotification' && f.params.status === 1);
  return reply.result.sessionId;
}

const text = (t, extra = {}) => ({ text: t, format: 'openai', chunk_chars: 4, ...extra });
const tools = (calls, t = '') => ({ text: t, format: 'openai', chunk_chars: 5, tool_calls: calls });
const status = (c, sid, code) => c.next((f) => f.method === 'SessionStatusNotification' && f.params.sessionId === sid &&
  f.params.status === code, { timeout: 8000 });
const bodies = async () => (await fake.requests()).map((r) => JSON.parse(r.body));

const writeAppYaml = (toolTimeoutS, roundTimeoutS = ROUND_TIMEOUT_S) => writeFileSync(join(configHome, 'app.yaml'),
  `interactive:\n  ai_round_timeout_s: ${roundTimeoutS}\n  tool_result_timeout_s: ${toolTimeoutS}\n  stop_grace_s: 1\n`);

// Fails with `message` unless `promise` settles within `ms`. Only for waits
// whose failure path is a far longer timer of the host's.
const within = (promise, ms, message) => Promise.race([promise,
  new Promise((resolve, reject) => setTimeout(() => reject(new Error(message)), ms).unref())]);

// As the settings panel does after saving a file.
async function reloadConfig() {
  const client = await connectJrpc(host);
  try {
    await client.server['Host.reload_config']();
  } finally {
    client.close();
  }
}

before(async () => {
  fake = await startFakeProvider();
  relay = await startConnectionRelay(fake.port);
  configHome = mkdtempSync(join(tmpdir(), 'acdc-interactive-config-'));
  // The llm plugin's own watchdogs are far longer than any wait here, so only
  // the session's timers or a cancel end a hanging request.
  writeFileSync(join(configHome, 'llm.yaml'), `provider: openai\nbase_url: ${relay.baseUrl}\nmodel: gpt-4o\n` +
    'smaller_model: gpt-4o-mini\napi_key_env: ACDC_TEST_LLM_KEY\nnum_retries: 0\n' +
    'first_chunk_timeout_seconds: 300\nchunk_timeout_seconds: 300\n');
  writeAppYaml(TOOL_TIMEOUT_S);
  repo = mkdtempSync(join(tmpdir(), 'acdc-interactive-repo-'));
  execFileSync('git', ['init', '-q', repo]);
  host = await startHost({
    config: 'plugins:\n  - name: repo\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n',
    repo,
    env: { ACDC_CONFIG_HOME: configHome, ACDC_TEST_LLM_KEY: 'test-key' },
  });
  wsUrl = `ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`;
});

beforeEach(async () => { await fake.reset(); });

after(async () => {
  for (const c of clients) c.ws.terminate();
  await host?.stop();
  await relay?.stop();
  await fake?.stop();
});

test('access: /ws wants the token and refuses a page from another origin', async () => {
  await assert.rejects(InteractiveClient.open(`ws://127.0.0.1:${host.port}/ws`), /HTTP 403/);
  await assert.rejects(InteractiveClient.open(`ws://127.0.0.1:${host.port}/ws?token=wrong`), /HTTP 403/);
  await assert.rejects(connect({ origin: 'http://evil.example' }), /HTTP 403/);
  const own = await connect({ origin: `http://127.0.0.1:${host.port}` });
  assert.deepEqual((await own.request('echo', { message: 'hi' })).result, 'hi');
});

test('envelope: parse errors, batches, binary frames, bad requests and notifications', async () => {
  const c = await connect();
  c.send('{"jsonrpc":');
  assert.deepEqual(await c.next(), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  c.send([{ jsonrpc: '2.0', id: 1, method: 'echo' }]);
  let f = await c.next();
  assert.equal(f.error.code, -32600);
  assert.equal(f.id, null);
  c.ws.send(Buffer.from('{"jsonrpc":"2.0","id":2,"method":"echo"}'), { binary: true });
  f = await c.next();
  assert.equal(f.error.code, -32700);
  assert.equal(f.id, null);
  c.send({ jsonrpc: '2.0', id: 'no-method' });
  f = await c.next();
  assert.deepEqual([f.id, f.error.code, f.error.message], ['no-method', -32600, 'Invalid Request']);
  c.send({ jsonrpc: '1.0', id: 3, method: 'echo' });
  f = await c.next();
  assert.deepEqual([f.id, f.error.code], [3, -32600]);
  c.send({ jsonrpc: '2.0', method: 'startSession', params: { userId: 'u' } });  // a notification: not run
  f = await c.request('nope', {});
  assert.deepEqual([f.error.code, f.error.message], [-32601, 'Method not found']);
  assert.equal(c.untaken().length, 0, 'the notification was answered or run');
  f = await c.request('startSession', ['u']);
  assert.equal(f.error.code, -32602);
  assert.equal(c.ws.readyState, c.ws.OPEN);
});

test('startSession, sendUserMessage: ack before the first chunk, chunks join to the text, errors', async () => {
  const c = await connect();
  assert.equal((await c.request('startSession', {})).error.code, -32602);
  assert.equal((await c.request('startSession', { userId: 7 })).error.code, -32602);
  const sid = await startSession(c);
  const answer = 'Hello there, this is the whole answer.';
  await fake.queue([text(answer)]);
  const ack = await c.request('sendUserMessage', { sessionId: sid, message: 'hello' });
  assert.equal(ack.result.status, 0);
  assert.match(ack.result.messageId, /^[0-9a-f-]{36}$/);
  const { text: joined, chunks } = await c.round(sid);
  assert.equal(joined, answer);
  assert.ok(c.frames.indexOf(chunks[0]) > c.frames.indexOf(ack), 'a chunk came before the ack');
  assert.equal(chunks.filter((f) => f.params.isFinal).length, 1);
  assert.ok(chunks.at(-1).params.chunk.length > 0, 'the final chunk is empty');
  const unknown = await c.request('sendUserMessage', { sessionId: 'nope', message: 'x' });
  assert.equal(unknown.error.code, -32602);
  const bad = await c.request('sendUserMessage', { sessionId: sid, message: 5 });
  assert.equal(bad.error.code, -32602);
  const note = await status(c, sid, 3);
  assert.match(note.params.reason, /^Error/);
});

test('a round\'s final chunk carries its tokens and its cost at the model\'s price (acdc\'s extension)', async () => {
  const c = await connect();
  const sid = await startSession(c);
  // gpt-4o at its list price: $2.50 and $10 per million input and output tokens.
  await fake.queue([{ text: 'Priced.', usage: { input_tokens: 1000, output_tokens: 100 } }]);
  await c.request('sendUserMessage', { sessionId: sid, message: 'what does it cost?' });
  const { chunks } = await c.round(sid);
  const final = chunks.find((f) => f.params.isFinal);
  assert.deepEqual(final.params.usage, { inputTokens: 1000, outputTokens: 100, cacheReadTokens: 0, costUsd: 0.0035 });
  assert.ok(chunks.filter((f) => !f.params.isFinal).every((f) => f.params.usage === undefined));
});

test('sessionParams: model, context and language reach the provider, and the turn is in the history', async () => {
  const c = await connect();
  const sid = await startSession(c, { model: 'model-from-client', context: 'You answer tersely.', language: 'de' });
  await fake.queue([text('Kurz.')]);
  await c.request('sendUserMessage', { sessionId: sid, message: 'Wie geht es?' });
  assert.equal((await c.round(sid)).text, 'Kurz.');
  const [body] = await bodies();
  assert.equal(body.model, 'model-from-client');
  assert.match(body.messages[0].content, /^You answer tersely\./);
  assert.match(body.messages[0].content, /de/);
  const history = join(repo, '.acdc', 'history.jsonl');
  assert.ok(existsSync(history), 'no .acdc/history.jsonl');
  const log = readFileSync(history, 'utf8');
  assert.match(log, /Wie geht es\?/);
  assert.match(log, /Kurz\./);
});

test('tools: one call, answered, goes back to the model and the turn ends in text', async () => {
  const c = await connect();
  const declared = [{ type: 'function', function: { name: 'read_file', parameters: { type: 'object' } } }];
  const sid = await startSession(c, { tools: declared });
  await fake.queue([tools([{ id: 'call_1', name: 'read_file', arguments: '{"path":"a.txt","lines":3}' }], 'Reading.'),
    text('The file says hi.')]);
  await c.request('sendUserMessage', { sessionId: sid, message: 'read a.txt' });
  assert.equal((await c.round(sid)).text, 'Reading.');
  const call = await c.next((f) => f.method === 'ToolCallNotification');
  assert.deepEqual(call.params, { sessionId: sid, toolCallId: 'call_1', toolName: 'read_file', arguments: { path: 'a.txt', lines: 3 } });
  assert.equal((await c.request('provideToolResult', { sessionId: sid, toolCallId: 'call_9', result: 'x' })).error.code, -32602);
  assert.deepEqual((await c.request('provideToolResult', { sessionId: sid, toolCallId: 'call_1', result: 'hi' })).result, { status: 0 });
  assert.equal((await c.round(sid)).text, 'The file says hi.');
  assert.equal((await c.request('provideToolResult', { sessionId: sid, toolCallId: 'call_1', result: 'again' })).error.code, -32602);
  const [first, second] = await bodies();
  assert.equal(first.tools[0].function.name, 'read_file');
  const tail = second.messages.slice(-2);
  assert.equal(tail[0].tool_calls[0].id, 'call_1');
  assert.deepEqual({ role: tail[1].role, id: tail[1].tool_call_id, content: tail[1].content }, { role: 'tool', id: 'call_1', content: 'hi' });
});

test('tools: several calls in one round are notified in order and all answered before the next round', async () => {
  const c = await connect();
  const sid = await startSession(c);
  await fake.queue([tools([{ id: 'a', name: 'one', arguments: '{}' }, { id: 'b', name: 'two', arguments: '{"n":2}' },
    { id: 'c', name: 'three', arguments: '{}' }]), text('All done.')]);
  await c.request('sendUserMessage', { sessionId: sid, message: 'go' });
  const ids = [];
  for (let i = 0; i < 3; ++i) ids.push((await c.next((f) => f.method === 'ToolCallNotification')).params.toolCallId);
  assert.deepEqual(ids, ['a', 'b', 'c']);
  assert.equal(c.frames.some((f) => f.method === 'AIMessageChunkNotification' && f.params.isFinal), false);
  await c.request('provideToolResult', { sessionId: sid, toolCallId: 'c', result: 'C' });
  await c.request('provideToolResult', { sessionId: sid, toolCallId: 'a', result: 'A' });
  await c.request('provideToolResult', { sessionId: sid, toolCallId: 'b', result: 'B' });
  assert.equal((await c.round(sid)).text, 'All done.');
  // A round started before 'b' was answered could not carry B: so exactly one
  // request after the first, the one that answered 'All done.', and it has all three.
  const later = (await bodies()).slice(1);
  assert.equal(later.length, 1, 'a round ran before every call was answered');
  assert.deepEqual(later[0].messages.slice(-3).map((m) => [m.tool_call_id, m.content]), [['a', 'A'], ['b', 'B'], ['c', 'C']]);
});

test('timeouts: unanswered tool calls give status 3 timeout, a missing result, and the session goes on', async () => {
  const c = await connect();
  const sid = await startSession(c);
  await fake.queue([tools([{ id: 'slow', name: 't', arguments: '{}' }]), text('Next answer.')]);
  // Before the host can start the tool timer: a busy machine only lengthens what is measured.
  const started = performance.now();
  await c.request('sendUserMessage', { sessionId: sid, message: 'go' });
  await c.next((f) => f.method === 'ToolCallNotification');
  const note = await status(c, sid, 3);
  assert.equal(note.params.reason, 'timeout');
  assert.ok(note.at - started >= TOOL_TIMEOUT_S * 1000, 'the timeout came early');
  await c.request('sendUserMessage', { sessionId: sid, message: 'and now?' });
  assert.equal((await c.round(sid)).text, 'Next answer.');
  const second = (await bodies())[1];
  const missing = second.messages.find((m) => m.role === 'tool');
  assert.equal(missing.tool_call_id, 'slow');
  assert.match(missing.content, /no result/);
});

test('timeouts: an edited app.yaml applies to the connections made after Host.reload_config', async () => {
  const longer = 3;
  writeAppYaml(longer);
  await reloadConfig();
  try {
    const c = await connect();
    const sid = await startSession(c);
    await fake.queue([tools([{ id: 'slow', name: 't', arguments: '{}' }])]);
    const started = performance.now();  // before the host can start the tool timer
    await c.request('sendUserMessage', { sessionId: sid, message: 'go' });
    await c.next((f) => f.method === 'ToolCallNotification');
    const note = await status(c, sid, 3);
    assert.equal(note.params.reason, 'timeout');
    assert.ok(note.at - started >= longer * 1000, 'the timeout read at start still applied');
  } finally {
    writeAppYaml(TOOL_TIMEOUT_S);
    await reloadConfig();
  }
});

test('timeouts: a model round longer than ai_round_timeout_s gives status 3 timeout and the next message runs', async () => {
  const c = await connect();
  const sid = await startSession(c);
  await fake.queue([{ hang: true }, text('Back again.')]);
  await c.request('sendUserMessage', { sessionId: sid, message: 'hang' });
  const note = await status(c, sid, 3);
  assert.equal(note.params.reason, 'timeout');
  await c.request('sendUserMessage', { sessionId: sid, message: 'again' });
  assert.equal((await c.round(sid)).text, 'Back again.');
});

test('stopSession: during a turn, the reply {status:2}, both status-2 notifications, then the id is unknown', async () => {
  const c = await connect();
  const sid = await startSession(c);
  await fake.queue([text('a slow answer that keeps on going for quite a while', { chunk_chars: 2, delay_ms: 50 })]);
  await c.request('sendUserMessage', { sessionId: sid, message: 'talk' });
  await c.next((f) => f.method === 'AIMessageChunkNotification', { consume: false });
  assert.deepEqual((await c.request('stopSession', { sessionId: sid })).result, { status: 2 });
  const reasons = [(await status(c, sid, 2)).params.reason, (await status(c, sid, 2)).params.reason];
  assert.deepEqual(reasons, ['Session ended: stopped', 'Session stopped']);
  assert.equal((await c.request('sendUserMessage', { sessionId: sid, message: 'x' })).error.code, -32602);
  assert.deepEqual((await c.request('stopSession', { sessionId: sid })).result, { status: 2 });
  assert.deepEqual((await c.request('stopSession', { sessionId: 'nonexistent' })).result, { status: 2 });
});

test('disconnect: the turn is cancelled and the host serves the next client', async () => {
  // No timer of the session's may end the hanging round within this test:
  // only the cancel of a dropped connection can.
  writeAppYaml(TOOL_TIMEOUT_S, 300);
  await reloadConfig();
  try {
    const c = await connect();
    const sid = await startSession(c);
    await fake.queue([{ hang: true }, text('Fresh.')]);
    await c.request('sendUserMessage', { sessionId: sid, message: 'hang until the client leaves' });
    await fake.waitForRequests(1);  // the turn is running, and its request hangs
    const round = await relay.connectionSending('hang until the client leaves');
    await c.close();
    await within(round.clientLeft, 20000, 'the closed connection\'s round still holds its provider request');
    const d = await connect();
    assert.equal((await d.request('sendUserMessage', { sessionId: sid, message: 'x' })).error.code, -32602);
    const sid2 = await startSession(d);
    await d.request('sendUserMessage', { sessionId: sid2, message: 'hi' });
    assert.equal((await d.round(sid2)).text, 'Fresh.');
  } finally {
    writeAppYaml(TOOL_TIMEOUT_S);
    await reloadConfig();
  }
});

test('trimmed build: without the llm plugin startSession is -32603 with the reason', async () => {
  const trimmed = await startHost({ config: 'plugins:\n  - name: repo\n' });
  try {
    const c = await InteractiveClient.open(`ws://127.0.0.1:${trimmed.port}/ws?token=${TOKEN}`);
    const reply = await c.request('startSession', { userId: 'u' });
    assert.equal(reply.error.code, -32603);
    assert.match(reply.error.data, /llm plugin/);
    // A client that never answers the closing handshake does not hold the
    // host up, and hears why the connection ended. Paused, the client reads
    // nothing, so the host exits before any answer. A host that waited for it
    // would sit out Beast's 30 s handshake timeout: the 15 s limit fails only that.
    c.ws.pause();
    assert.equal(await within(trimmed.stop(), 15000, 'shutdown waited for the /ws client'), 0);
    assert.equal(c.ws.readyState, c.ws.OPEN, 'the client saw the close before the host exited');
    c.ws.resume();
    assert.equal(await c.closed, 1001);
  } catch (e) {
    await trimmed.stop();
    throw e;
  }
});
