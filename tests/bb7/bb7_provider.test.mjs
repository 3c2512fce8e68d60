// get_models and get_balance (bb7.md §3.1, §7.1) through `acdc --stdio`
// against the fake provider's GET /models and /credits, at the plain-http
// base_url of config.json (127.0.0.1): the reply shapes the model picker and
// the balance pane read, the provider's failures, and a provider that never
// answers.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { startOnProject } from './bb7_client.mjs';

let fake;
let bb7;

// Two models as OpenRouter lists them: one with every field, one with few.
const sonnet = {
  id: 'anthropic/claude-sonnet-4.6', name: 'Anthropic: Claude Sonnet 4.6', description: 'A balanced model.',
  created: 1750000000, context_length: 200000, expiration_date: null,
  architecture: { modality: 'text+image->text', tokenizer: 'Claude' },
  pricing: { prompt: '0.000003', completion: '0.000015', request: '0', image: '0.0048',
    input_cache_read: '0.0000003', input_cache_write: '0.00000375', internal_reasoning: '0' },
  top_provider: { context_length: 200000, max_completion_tokens: 64000, is_moderated: false },
  supported_parameters: ['max_tokens', 'reasoning', 'temperature', 'tools'],
};
const tiny = {
  id: 'x/tiny', name: 'Tiny', created: 1700000000, context_length: 8192, expiration_date: '2026-12-31',
  pricing: { prompt: '0', completion: '0' }, top_provider: { max_completion_tokens: null },
  supported_parameters: ['temperature'],
};

before(async () => {
  fake = await startFakeProvider();
  ({ bb7 } = await startOnProject(fake));
});

after(async () => {
  await bb7.close();
  await fake.stop();
});

beforeEach(async () => {
  await fake.reset();
});

test('get_models lists the provider\'s models in the shape of §3.1; the request is an authorised GET of /models', async () => {
  await fake.queue([{ status: 200, body: JSON.stringify({ data: [sonnet, tiny] }) }]);
  const r = await bb7.ok({ action: 'get_models' });
  assert.equal(r.type, 'models');
  assert.deepEqual(r.models, [
    { id: 'anthropic/claude-sonnet-4.6', name: 'Anthropic: Claude Sonnet 4.6', description: 'A balanced model.',
      created: 1750000000, expiration_date: null, context_length: 200000, max_completion_tokens: 64000,
      supports_reasoning: true, supports_tools: true,
      pricing: { prompt: '0.000003', completion: '0.000015', input_cache_read: '0.0000003',
        input_cache_write: '0.00000375', internal_reasoning: '0', discount: 0 } },
    { id: 'x/tiny', name: 'Tiny', description: '', created: 1700000000, expiration_date: '2026-12-31',
      context_length: 8192, max_completion_tokens: 0, supports_reasoning: false, supports_tools: false,
      pricing: { prompt: '0', completion: '0', input_cache_read: '', input_cache_write: '', internal_reasoning: '',
        discount: 0 } },
  ]);
  const [sent] = await fake.requests();
  assert.deepEqual([sent.method, sent.path, sent.headers.authorization], ['GET', '/v1/models', 'Bearer test-key']);
});

test('get_balance answers the credits and the usage of /credits', async () => {
  await fake.queue([{ status: 200, body: JSON.stringify({ data: { total_credits: 25, total_usage: 7.45 } }) }]);
  const r = await bb7.ok({ action: 'get_balance' });
  assert.deepEqual(r, { type: 'balance', total_credits: 25, total_usage: 7.45, request_id: r.request_id });
  const [sent] = await fake.requests();
  assert.deepEqual([sent.method, sent.path], ['GET', '/v1/credits']);
});

test('a provider that refuses says API request failed with its status and body', async () => {
  const body = '{"error":{"message":"No auth credentials found","code":401}}';
  await fake.queue([{ status: 401, body }, { status: 503, body: 'upstream down' }]);
  assert.equal((await bb7.request({ action: 'get_models' })).message, `API request failed: 401 - ${body}`);
  assert.equal((await bb7.request({ action: 'get_balance' })).message, 'API request failed: 503 - upstream down');
});

test('an empty model list is an empty list', async () => {
  await fake.queue([{ status: 200, body: '{"data":[]}' }]);
  assert.deepEqual((await bb7.ok({ action: 'get_models' })).models, []);
});

// The reference gives /models and /credits 30 s (§7.1); so does acdc. The
// wait is long, but a picker that never loads is what it guards against.
test('a provider that never answers: other actions go on, and get_models ends with an error', { timeout: 90000 }, async () => {
  await fake.queue([{ hang: true }]);
  const models = bb7.request({ action: 'get_models' }, { timeout: 60000 });
  await fake.waitForRequests(1);
  assert.equal((await bb7.request({ action: 'ping' })).type, 'ok');  // answered while get_models waits (§1)
  const r = await models;
  assert.equal(r.type, 'error');
  assert.match(r.message, /^request to 127\.0\.0\.1 failed: .*time/i);
});
