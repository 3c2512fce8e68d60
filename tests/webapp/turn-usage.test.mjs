// An answer's foot (issue 29): the edit summary, tokens, the cache hit as the
// share of the input read from cache, the cost only when reported, and
// nothing for a turn that used no tokens.
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

test('tokens, cache hit and the cost when the provider reported one', () => {
  assert.deepEqual(usageParts({ prompt_tokens: 1200, completion_tokens: 80, cache_read_tokens: 900, cost_usd: 0.01234 }),
    ['in 1,200', 'out 80', 'cache hit 75%', '$0.0123']);
  assert.deepEqual(usageParts({ prompt_tokens: 10, completion_tokens: 2, cost_usd: null }), ['in 10', 'out 2', 'cache hit 0%']);
});

test('a turn that used no tokens shows none', () => {
  assert.deepEqual(usageParts({ prompt_tokens: 0, completion_tokens: 0 }), []);
  assert.deepEqual(usageParts(undefined), []);
});
