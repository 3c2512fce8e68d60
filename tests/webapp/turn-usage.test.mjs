// An answer's foot (issue 29): the edit summary, tokens, the cache hit as the
// share of the input read from cache, the cost and what the cache saved
// (issue 30), "price unknown" when the server has no price, and nothing for
// a turn that used no tokens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editSummary, cacheHitPercent, usageParts } from '../../webapp/src/core/turn-usage.js';

test('the edit summary names each non-zero count', () => {
  assert.equal(editSummary({ passed: 2, failed: 1, skipped: 0 }), '2 applied · 1 failed');
  assert.equal(editSummary({}), '');
});

test('the cache hit is the share of the input read from cache', () => {
  assert.equal(cacheHitPercent({ prompt_tokens: 1200, cache_read_tokens: 900 }), 75);
  assert.equal(cacheHitPercent({ prompt_tokens: 1200 }), 0);
  assert.equal(cacheHitPercent({ prompt_tokens: 0 }), null);
});

test('tokens, cache hit, the cost and what the cache saved', () => {
  assert.deepEqual(usageParts({ prompt_tokens: 1200, completion_tokens: 80, cache_read_tokens: 900, cost_usd: 0.01234 }),
    ['in 1,200', 'out 80', 'cache hit 75%', '$0.01234']);
  // Anthropic's sonnet: 300 fresh, 2,000 read, 500 written, 40 out.
  assert.deepEqual(usageParts({ prompt_tokens: 2800, completion_tokens: 40, cache_read_tokens: 2000, cache_write_tokens: 500,
    cost_usd: 0.003975, cache_saved_usd: 0.005025 }),
  ['in 2,800', 'out 40', 'cache hit 71%', 'cache write 500', '$0.003975', 'cache saved $0.005025']);
  assert.deepEqual(usageParts({ prompt_tokens: 10, completion_tokens: 2, cost_usd: 0, cache_saved_usd: 0 }),
    ['in 10', 'out 2', 'cache hit 0%', '$0'], 'a model on this machine is free');
});

test('a turn whose model has no price says "price unknown", never $0', () => {
  assert.deepEqual(usageParts({ prompt_tokens: 10, completion_tokens: 2, cost_usd: null, cache_saved_usd: null }),
    ['in 10', 'out 2', 'cache hit 0%', 'price unknown']);
  assert.deepEqual(usageParts({ prompt_tokens: 10, completion_tokens: 2 }), ['in 10', 'out 2', 'cache hit 0%'],
    'a server without prices sends no cost field, and nothing is said');
  assert.deepEqual(usageParts({ prompt_tokens: 0, completion_tokens: 0, cost_usd: null }), [], 'no tokens, no cost');
});

test('a turn that used no tokens shows none', () => {
  assert.deepEqual(usageParts({ prompt_tokens: 0, completion_tokens: 0 }), []);
  assert.deepEqual(usageParts(undefined), []);
});
