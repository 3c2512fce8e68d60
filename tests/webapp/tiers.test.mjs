// The Context tab's tier picture and its words (issue 16): where each tier
// sits in the prompt and how wide it is, the blocks inside a row, the last
// turn's moves, rates, and session totals; an older server without tiers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasTiers, tierPicture, largestBlocks, formatRate, formatMove, moveLines, totalsRows }
  from '../../webapp/src/core/tiers.js';

const block = (name, tokens, cached, contents = []) => ({ name, tier: name, tokens, count: contents.length, cached, contents });
const breakdown = {
  total_tokens: 1000, max_input_tokens: 128000,
  blocks: [
    block('L0', 500, true, [{ name: 'system', type: 'system', tokens: 300, n: 0 }, { name: 'legend', type: 'legend', tokens: 200, n: 0 }]),
    block('L1', 0, false),
    block('L2', 100, false, [{ name: 'history:0', type: 'history', tokens: 100, n: 6 }]),
    block('L3', 150, true, [{ name: 'file:src/a.py', type: 'file', path: 'src/a.py', tokens: 150, n: 3 }]),
    block('active', 250, false, [{ name: 'history:4', type: 'history', tokens: 50, n: 0 }, { name: 'file:b.js', type: 'file', tokens: 200, n: 1 }]),
  ],
};

test('rows follow the prompt: each starts where the previous ended and is as wide as its share', () => {
  const pic = tierPicture(breakdown);
  assert.deepEqual(pic.rows.map((r) => r.name), ['L0', 'L1', 'L2', 'L3', 'active']);
  assert.equal(pic.total, 1000);
  assert.deepEqual(pic.rows.map((r) => [r.x, r.width]), [[0, 0.5], [0.5, 0], [0.5, 0.1], [0.6, 0.15], [0.75, 0.25]]);
  assert.equal(pic.cachedTokens, 650, 'L0 and L3 carry markers');
  assert.equal(pic.cachedShare, 0.65);
});

test("a row's blocks split its bar by their tokens, in the server's order", () => {
  const active = tierPicture(breakdown).rows[4];
  assert.deepEqual(active.blocks.map((b) => [b.name, b.x, b.width]), [['history:4', 0, 0.2], ['file:b.js', 0.2, 0.8]]);
  assert.equal(active.blocks[1].n, 1);
  const { shown, hidden } = largestBlocks(active, 1);
  assert.deepEqual(shown.map((b) => b.name), ['file:b.js'], 'the largest first');
  assert.equal(hidden, 1, 'the rest is counted');
});

test('a missing tier is drawn empty; an empty prompt has no widths to divide by', () => {
  const pic = tierPicture({ blocks: [block('active', 0, false)] });
  assert.equal(pic.rows.length, 5);
  assert.ok(pic.rows.every((r) => r.width === 0 && r.x === 0));
  assert.equal(pic.cachedShare, 0);
});

test('a server without tiers gives no picture (the flat breakdown is shown alone)', () => {
  assert.equal(hasTiers({ breakdown: { system: 10 } }), false);
  assert.equal(hasTiers({ blocks: [] }), false);
  assert.equal(hasTiers({ blocks: [{ name: 'uncached', tokens: 4 }] }), false);
  assert.equal(tierPicture(null), null);
  assert.equal(hasTiers(breakdown), true);
});

test('rates: whole percentages, a decimal only near 0 and 100, a dash before any turn', () => {
  assert.equal(formatRate(0.873), '87%');
  assert.equal(formatRate(1), '100%');
  assert.equal(formatRate(0.9996), '99.9%', 'never rounded up to all');
  assert.equal(formatRate(0.0001), '0.1%', 'never rounded down to none');
  assert.equal(formatRate(0.001), '0.1%');
  assert.equal(formatRate(0), '0%');
  assert.equal(formatRate(null), '—');
  assert.equal(formatRate(undefined), '—');
});

test('moves read name, from, to; promotions before demotions', () => {
  assert.equal(formatMove({ name: 'file:src/a.py', from: 'active', to: 'L3' }), 'file:src/a.py active → L3');
  assert.deepEqual(moveLines({ promotions: [{ name: 'a', from: 'active', to: 'L3' }], demotions: [{ name: 'b', from: 'L1', to: 'active' }] }),
    [{ kind: 'promoted', text: 'a active → L3' }, { kind: 'demoted', text: 'b L1 → active' }]);
  assert.deepEqual(moveLines({}), []);
});

test('session totals: cost and cache saving only when the server priced a turn, reasoning only when there was some', () => {
  const t = { turns: 3, prompt: 12400, completion: 800, reasoning: 0, total: 13200, cache_read: 9000, cache_write: 2000, cost_usd: null };
  assert.deepEqual(totalsRows(t), [['Turns', '3'], ['Tokens in', '12,400'], ['Tokens out', '800'],
    ['Cache read', '9,000'], ['Cache write', '2,000']]);
  const paid = totalsRows({ ...t, reasoning: 50, cost_usd: 0.01234 });
  assert.deepEqual(paid.find((r) => r[0] === 'Reasoning'), ['Reasoning', '50']);
  assert.deepEqual(paid.at(-1), ['Cost', '$0.01234']);
  const saved = totalsRows({ ...t, cost_usd: 0.00795, cache_saved_usd: 0.01005, unpriced_turns: 0 });
  assert.deepEqual(saved.slice(-2), [['Cost', '$0.00795'], ['Cache saved', '$0.01005']]);
  const unknown = totalsRows({ ...t, cost_usd: null, cache_saved_usd: null, unpriced_turns: 3 });
  assert.deepEqual(unknown.at(-1), ['Cost', '3 turns: price unknown'], 'never $0 for turns with no price');
  const writes = totalsRows({ ...t, cost_usd: 0.02, cache_saved_usd: -0.003 });
  assert.deepEqual(writes.at(-1), ['Cache writes cost extra', '$0.003']);
  const warmed = totalsRows({ ...t, cost_usd: 0.00795, cache_saved_usd: 0.01005, warmups: 2, warmup_cost_usd: 0.0024 });
  assert.deepEqual(warmed.slice(-3), [['Cost', '$0.00795'], ['Cache warm-ups', '$0.0024 (2 warm-ups, counted in the cost)'],
    ['Cache saved', '$0.01005']], "the warm-ups' share follows the cost it is part of");
  assert.deepEqual(totalsRows(undefined), []);
});
