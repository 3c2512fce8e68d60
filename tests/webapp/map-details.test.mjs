// The Context tab's reading of the ranked map (issue 26): its figures, and
// whether a first index is still running (the map then has what is done).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapSummary, entryGroups } from '../../webapp/src/core/map-details.js';

test('the budget, its share and the file counts; indexing is null once the index is done', () => {
  const s = mapSummary({ tokens: 2500, budget_tokens: 5000, complete: false, files_total: 2000, files_full: 40,
    files_summary: 10, files_outline: 300, files_left_out: 1650 });
  assert.deepEqual(s, { tokens: 2500, budget: 5000, share: 0.5, complete: false, total: 2000, full: 40, summary: 10,
    outline: 300, leftOut: 1650, indexing: null });
});

test('a first index still running shows its percent, 0 included', () => {
  assert.equal(mapSummary({ indexing_percent: 40 }).indexing, 40);
  assert.equal(mapSummary({ indexing_percent: 0 }).indexing, 0);
  assert.equal(mapSummary(undefined).indexing, null);
});

test('entries by reason: what the conversation asked for first, the stable core last', () => {
  const groups = entryGroups([{ path: 'b.py', why: 'ranked' }, { path: 'a.py', why: 'mentioned' }]);
  assert.deepEqual(groups.map((g) => g.why), ['mentioned', 'ranked']);
});
