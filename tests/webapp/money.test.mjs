// Money as the chat and the Context tab show it (issue 30): enough digits
// that a cheap turn is not rounded to nothing, $0 only for what is free, and
// a session's cost that says which turns it could not price.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatUsd, cacheSaving, sessionCost } from '../../webapp/src/core/money.js';

test('dollars: cents from a dollar up, up to four significant digits (at least cents) below', () => {
  assert.equal(formatUsd(12.5), '$12.50');
  assert.equal(formatUsd(0.5), '$0.50');
  assert.equal(formatUsd(0.0421), '$0.0421');
  assert.equal(formatUsd(0.012345), '$0.01235');
  assert.equal(formatUsd(0.003975), '$0.003975');
  assert.equal(formatUsd(2 * 0.003975), '$0.00795', "a sum's float error is not shown");
  assert.equal(formatUsd(0.00004), '$0.00004', 'a tiny cost is not "$0.0000"');
  assert.equal(formatUsd(-0.0021), '-$0.0021');
});

test('exactly nothing is $0; no figure is no text', () => {
  assert.equal(formatUsd(0), '$0');
  assert.equal(formatUsd(null), null);
  assert.equal(formatUsd(undefined), null);
  assert.equal(formatUsd('n/a'), null);
});

test("what the cache saved, or what its writes cost on a turn that mostly wrote; nothing when it did nothing", () => {
  assert.equal(cacheSaving(0.005025), 'cache saved $0.005025');
  assert.equal(cacheSaving(-0.0012), 'cache writes cost $0.0012 more');
  assert.equal(cacheSaving(0), null);
  assert.equal(cacheSaving(null), null);
});

test("a session's cost names the turns it could not price, and is never $0 for them", () => {
  assert.equal(sessionCost({ cost_usd: 0.0421, unpriced_turns: 0 }), '$0.0421');
  assert.equal(sessionCost({ cost_usd: 0.01, unpriced_turns: 3 }), '$0.01 (not counting 3 turns: price unknown)');
  assert.equal(sessionCost({ cost_usd: null, unpriced_turns: 3 }), '3 turns: price unknown');
  assert.equal(sessionCost({ cost_usd: null, unpriced_turns: 1 }), '1 turn: price unknown');
  assert.equal(sessionCost({ cost_usd: 0, unpriced_turns: 0 }), '$0', 'a local model');
  assert.equal(sessionCost({ cost_usd: null, unpriced_turns: 0 }), null, 'no turn yet');
});
