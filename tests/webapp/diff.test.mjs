// The two-level diff (lines, then words) behind edit cards and the viewer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { myers, diffLines, diffWords, sideBySide, diffStats } from '../../webapp/src/core/diff.js';

const apply = (ops) => ops.filter((o) => o.op !== 'del').map((o) => o.text);
const undo = (ops) => ops.filter((o) => o.op !== 'add').map((o) => o.text);

test('Myers finds the shortest edit script (the paper example: D = 5)', () => {
  const a = 'abcabba'.split(''), b = 'cbabac'.split('');
  const ops = myers(a, b);
  assert.equal(ops.filter((o) => o.op !== 'eq').length, 5);
  assert.deepEqual(apply(ops), b);
  assert.deepEqual(undo(ops), a);
});

test('line diff of an edit: one line replaced, one appended', () => {
  const ops = diffLines('a\nb\nc\n', 'a\nx\nc\nd\n');
  assert.deepEqual(ops.map((o) => o.op + o.text), ['eqa', 'delb', 'addx', 'eqc', 'addd']);
  assert.deepEqual(diffStats(ops), { additions: 2, deletions: 1 });
});

test('creating a file is all additions, deleting all deletions', () => {
  assert.deepEqual(diffLines('', 'x\ny').map((o) => o.op), ['add', 'add']);
  assert.deepEqual(diffLines('x\ny\n', '').map((o) => o.op), ['del', 'del']);
});

test('word diff marks only the changed operator', () => {
  assert.deepEqual(diffWords('    return a + b', '    return a * b'), [
    { op: 'eq', text: '    return a ' }, { op: 'del', text: '+' }, { op: 'add', text: '*' }, { op: 'eq', text: ' b' }]);
});

test('side by side pairs a deletion with the addition after it and numbers both sides', () => {
  const rows = sideBySide(diffLines('keep\nold one\nold two\nend', 'keep\nnew one\nend\nextra'));
  assert.equal(rows[0].left.no, 1);
  assert.equal(rows[1].left.text, 'old one');
  assert.equal(rows[1].right.text, 'new one');
  assert.ok(rows[1].words.some((w) => w.op === 'add' && w.text === 'new'));
  assert.equal(rows[2].left.text, 'old two');
  assert.equal(rows[2].right, null);
  assert.deepEqual(rows.at(-1).right, { no: 4, text: 'extra', op: 'add' });
});

// Its speed is measured in bench/webapp/algorithms.mjs; here, the bound itself.
test('a huge rewrite past the edit-step bound is one replacement, and still correct', () => {
  const a = Array.from({ length: 20000 }, (_, i) => `line ${i}`);
  const b = a.map((l, i) => (i % 3 ? l : `changed ${i}`));
  const ops = myers(a, b);
  assert.deepEqual(apply(ops), b);
  assert.deepEqual(undo(ops), a);
  const shape = ops.map((o) => o.op[0]).join('').replace(/(.)\1+/g, '$1');
  assert.equal(shape, 'dae', 'the changed middle is deleted and added whole; the unchanged last line stays');
  const within = myers(a.slice(0, 30), b.slice(0, 30));
  assert.ok(within.some((o) => o.op === 'eq'), 'within the bound the unchanged lines are kept apart');
});
