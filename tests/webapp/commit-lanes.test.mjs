// The commit graph's lanes: a branch that forks and merges back, a root, and
// pages laid out one after the other as they load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { laneState, assignLanes, rowSegments } from '../../webapp/src/core/commit-lanes.js';

// m (merge of f into b) <- b <- a;  f <- a;  a is the root. Newest first.
const commits = [
  { sha: 'm', parents: ['b', 'f'] },
  { sha: 'f', parents: ['a'] },
  { sha: 'b', parents: ['a'] },
  { sha: 'a', parents: [] },
];

test('a merge opens a second lane; the branches meet again at the fork point', () => {
  const rows = assignLanes(laneState(), commits);
  assert.deepEqual(rows.map((r) => r.lane), [0, 1, 0, 1]);
  assert.deepEqual(rows[0].forks, [1], 'the merge draws into the lane of its second parent');
  assert.deepEqual(rows[2].forks, [1], 'b joins the lane already waiting for a');
  assert.deepEqual(rows[2].after, [null, 'a']);
  assert.deepEqual(rows[3].after, [], 'the root closes every lane');
  assert.deepEqual(rowSegments(rows[0], 'm'), [[0, 0.5, 0, 1], [0, 0.5, 1, 1]]);
  assert.deepEqual(rowSegments(rows[2], 'b'), [[0, 0, 0, 0.5], [1, 0, 1, 0.5], [1, 0.5, 1, 1], [0, 0.5, 1, 1]]);
});

test('pages laid out one after the other match one pass over everything', () => {
  const whole = assignLanes(laneState(), commits);
  const state = laneState();
  const paged = [...assignLanes(state, commits.slice(0, 2)), ...assignLanes(state, commits.slice(2))];
  assert.deepEqual(paged, whole);
});

// How fast: bench/webapp/algorithms.mjs.
test('10,000 linear commits stay in one lane', () => {
  const many = Array.from({ length: 10000 }, (_, i) => ({ sha: `c${i}`, parents: i < 9999 ? [`c${i + 1}`] : [] }));
  const rows = assignLanes(laneState(), many);
  assert.equal(rows.length, 10000);
  assert.ok(rows.every((r) => r.lane === 0 && r.after.length <= 1));
});
