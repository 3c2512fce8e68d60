// The node helper of the fake provider: start, script a step, see the
// request it logged, stop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeProvider } from './fake_provider.mjs';
import { startConnectionRelay } from './connection_relay.mjs';

test('startFakeProvider serves a queued step and logs the request', async () => {
  const fake = await startFakeProvider();
  try {
    assert.deepEqual(await fake.queue([{ text: 'Scripted answer.', chunk_chars: 4 }]), { queued: 1 });
    const res = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST', body: JSON.stringify({ model: 'm', stream: true }),
    });
    const body = await res.text();
    const text = body.split('\n').filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)).choices[0]?.delta?.content ?? '').join('');
    assert.equal(text, 'Scripted answer.');
    assert.ok(body.trimEnd().endsWith('data: [DONE]'));
    const requests = await fake.requests();
    assert.equal(requests.length, 1);
    assert.equal(requests[0].path, '/v1/chat/completions');
    assert.equal(JSON.parse(requests[0].body).model, 'm');
  } finally {
    await fake.stop();
  }
});

test('GET /models and /credits are answered from the queue; other GETs are not provider endpoints', async () => {
  const fake = await startFakeProvider();
  try {
    await fake.queue([{ status: 200, body: '{"data":[{"id":"m"}]}' }, { status: 402, body: '{"error":"no credits"}' }]);
    const models = await fetch(`${fake.baseUrl}/models`);
    assert.deepEqual([models.status, await models.json()], [200, { data: [{ id: 'm' }] }]);
    const credits = await fetch(`${fake.baseUrl}/credits`);
    assert.deepEqual([credits.status, await credits.text()], [402, '{"error":"no credits"}']);
    assert.equal((await fetch(`${fake.baseUrl}/chat/completions`)).status, 404);
    assert.deepEqual((await fake.requests()).map((r) => [r.method, r.path]), [['GET', '/v1/models'], ['GET', '/v1/credits']]);
  } finally {
    await fake.stop();
  }
});

test('a fixture is replayed byte for byte', async () => {
  const { readFileSync } = await import('node:fs');
  const fake = await startFakeProvider();
  try {
    await fake.queue([{ fixture: 'anthropic_thinking.sse', split: 'random' }]);
    const res = await fetch(`${fake.baseUrl}/messages`, { method: 'POST', body: '{}' });
    const dir = process.env.ACDC_LLM_FIXTURES;
    assert.ok(dir, 'ACDC_LLM_FIXTURES is not set: run this test through ctest');
    const expected = readFileSync(`${dir}/anthropic_thinking.sse`, 'utf8');
    assert.equal(await res.text(), expected);
    assert.equal(res.headers.get('request-id') !== null, true);
  } finally {
    await fake.stop();
  }
});

test('the connection relay passes a request through and sees its client give up a hang', { timeout: 10000 }, async () => {
  const fake = await startFakeProvider();
  const relay = await startConnectionRelay(fake.port);
  try {
    await fake.queue([{ text: 'Through.', format: 'openai' }, { hang: true }]);
    const res = await fetch(`${relay.baseUrl}/chat/completions`, { method: 'POST', body: '{"n":1}' });
    assert.match(await res.text(), /Through/);
    const abort = new AbortController();
    const hanging = fetch(`${relay.baseUrl}/chat/completions`, { method: 'POST', body: '{"n":2}', signal: abort.signal })
      .then(() => 'answered', (e) => e.name);
    const conn = await relay.connectionSending('{"n":2}');
    let left = false;
    conn.clientLeft.then(() => { left = true; });
    await fake.waitForRequests(2);  // through the relay to the fake, which holds it: the client is still there
    assert.equal(left, false, 'the relay reported a client that is still there');
    abort.abort();
    assert.equal(await hanging, 'AbortError');
    await conn.clientLeft;
  } finally {
    await relay.stop();
    await fake.stop();
  }
});
