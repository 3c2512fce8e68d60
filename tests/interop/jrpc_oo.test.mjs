// The host driven by the real @flatmax/jrpc-oo node client (1.2.2), with the
// echo plugin: what a jrpc-oo application sees (jrpc-oo-wire.md §0).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startHost } from '../support/js/host.mjs';
import { connect as connectClient } from '../support/js/jrpc.mjs';

const ECHO = 'plugins:\n  - name: echo\nclient_call_timeout_ms: 800\n';

// What a jrpc-oo client exposes to the server. jrpc-oo names methods after
// the class it is given with addClass(obj, 'Client').
class ClientMethods {
  constructor() {
    this.chunks = [];
  }
  chunk(i, payload) {
    this.chunks.push([i, payload.length]);
    return i;
  }
  done(n) {
    this.doneWith = n;
    return true;
  }
  mirror(x) {
    return `mirror:${x}`;
  }
  nothing() {}
  hang() {
    return new Promise(() => {});
  }
}

let host;
const open = new Set();
// Every client a test opens is closed after it, passed or failed, so the
// next test starts with no other clients connected.
async function connect(...args) {
  const client = await connectClient(...args);
  open.add(client);
  return client;
}
afterEach(async () => {
  for (const client of open) client.close();
  open.clear();
  await new Promise((r) => setTimeout(r, 30));
});

before(async () => {
  host = await startHost({ config: ECHO });
});
after(async () => {
  assert.equal(await host.stop(), 0, 'the host exits cleanly on SIGINT');
});

test('handshake: the client learns every method the host serves', async () => {
  const client = await connect(host, { Client: new ClientMethods() });
  for (const name of ['Echo.echo', 'Echo.add', 'Echo.stream', 'Host.list_plugins'])
    assert.equal(typeof client.server[name], 'function', name);
  const plugins = await client.server['Host.list_plugins']();
  assert.equal(plugins[0].id, 'echo');
  client.close();
});

test('calls return plain values that round-trip unchanged', async () => {
  const client = await connect(host);
  const values = [{ a: 1 }, 'hé ✓ 😀', [1, [2, [3]]], null, true, 0, -1.5, 2 ** 53 - 1, '\u0000', ''];
  for (const v of values) assert.deepEqual(await client.server['Echo.echo'](v), v);
  assert.equal(await client.server['Echo.add'](2, 3), 5);
  const viaCall = await client.call['Echo.add'](1, 1);
  assert.deepEqual(Object.values(viaCall), [2], 'call[] builds the {remote: value} map locally');
  client.close();
});

test('errors reach the caller with the message and a JSON-RPC code', async () => {
  const client = await connect(host);
  await assert.rejects(client.server['Echo.fail']('boom'), (e) => e.code === -32000 && e.message === 'boom');
  await assert.rejects(client.server['Echo.add']('a', 1),
    (e) => e.code === -32602 && /argument 1: expected a number, got a string/.test(e.message));
  await assert.rejects(client.server['Echo.echo'](),
    (e) => e.code === -32602 && /expects 1 argument/.test(e.message));
  client.close();
});

test('500 concurrent calls all come back, each with its own answer', async () => {
  const client = await connect(host);
  const calls = Array.from({ length: 500 }, (_, i) => client.server['Echo.echo']({ i }));
  const results = await Promise.all(calls);
  results.forEach((r, i) => assert.equal(r.i, i));
  client.close();
});

test('a slow call does not hold up the others: answers arrive out of order', async () => {
  const client = await connect(host);
  const order = [];
  const slow = client.server['Echo.slow'](300).then(() => order.push('slow'));
  const fast = client.server['Echo.echo']('fast').then(() => order.push('fast'));
  await Promise.all([slow, fast]);
  assert.deepEqual(order, ['fast', 'slow']);
  client.close();
});

// Answers each chunk a little later, counting the calls outstanding, so the
// server's window is what limits them. (Its own class: jrpc-oo exposes the
// methods of the object's own prototype only.)
class SlowChunks {
  constructor() {
    this.chunks = [];
    this.outstanding = 0;
    this.most = 0;
  }
  chunk(i, payload) {
    this.outstanding += 1;
    this.most = Math.max(this.most, this.outstanding);
    this.chunks.push([i, payload.length]);
    return new Promise((resolve) => setTimeout(() => { this.outstanding -= 1; resolve(i); }, 2));
  }
  done(n) {
    this.doneWith = n;
    return true;
  }
}

test('server-to-client streaming: every chunk arrives, window respected, then done', async () => {
  const methods = new SlowChunks();
  const client = await connect(host, { Client: methods });
  const result = await client.server['Echo.stream'](300, 1024, 16);
  assert.deepEqual(result, { n: 300, size: 1024, remotes: 1 });
  assert.ok(methods.most > 1, `the server pipelines chunks (at most ${methods.most} were outstanding)`);
  assert.ok(methods.most <= 16, `never more than the window of 16 outstanding (saw ${methods.most})`);
  assert.equal(methods.chunks.length, 300);
  assert.deepEqual(methods.chunks.map(([i]) => i), Array.from({ length: 300 }, (_, i) => i));
  assert.ok(methods.chunks.every(([, len]) => len === 1024));
  assert.equal(methods.doneWith, 300);
  client.close();
});

test('callback reaches every connected client and returns the {remote: result} map', async () => {
  const a = await connect(host, { Client: new ClientMethods() });
  const b = await connect(host, { Client: new ClientMethods() });
  const map = await a.server['Echo.callback']('Client.mirror', 'x');
  assert.equal(Object.keys(map).length, 2);
  assert.deepEqual(Object.values(map), ['mirror:x', 'mirror:x']);
  // A client method that returns undefined answers without "result".
  const nothing = await a.server['Echo.callback']('Client.nothing');
  assert.deepEqual(Object.values(nothing), [null, null]);
  a.close();
  b.close();
});

test('a server-to-client call fails at once when that client disconnects', async () => {
  const caller = await connect(host);
  const hanger = await connect(host, { Client: new ClientMethods() });
  const pending = caller.server['Echo.callback']('Client.hang');
  setTimeout(() => hanger.close(), 100);
  // "disconnected", not the timeout's "did not answer in time": no clock needed.
  await assert.rejects(pending, (e) => /disconnected/.test(e.message));
  caller.close();
});

test('a server-to-client call that gets no answer times out', async () => {
  const client = await connect(host, { Client: new ClientMethods() });
  const started = Date.now();
  await assert.rejects(client.server['Echo.callback']('Client.hang'), (e) => /did not answer in time/.test(e.message));
  assert.ok(Date.now() - started >= 700, 'after client_call_timeout_ms');
  client.close();
});

test('reconnect: a new connection after a close works like the first', async () => {
  for (let round = 0; round < 3; round++) {
    const client = await connect(host);
    assert.equal(await client.server['Echo.add'](round, 1), round + 1);
    client.close();
    await new Promise((r) => setTimeout(r, 20));
  }
});
