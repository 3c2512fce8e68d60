// The viewer's textarea as a grid: a mouse cell to a 1-based (line, col),
// the name there, and the caret as a position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positionAt, cellOf, wordAt, lineColOf } from '../../webapp/src/core/text-grid.js';

test('the grid maps cells to 1-based positions, tabs included', () => {
  const text = 'from x import y\n\tz = multiply(2, 3)\n';
  assert.deepEqual(positionAt(text, 0, 0), { line: 1, col: 1 });
  assert.deepEqual(positionAt(text, 1, 0), { line: 2, col: 1 }, 'the tab covers cells 0..7');
  assert.deepEqual(positionAt(text, 1, 7), { line: 2, col: 1 });
  assert.deepEqual(positionAt(text, 1, 12), { line: 2, col: 6 });
  assert.equal(positionAt(text, 1, 40), null, 'past the end of the line');
  assert.equal(positionAt(text, 9, 0), null, 'past the last line');
  assert.equal(cellOf(text, 2, 6), 12);
  assert.deepEqual(positionAt(text, 1, 4, 4), { line: 2, col: 2 }, 'a tab size of 4');
});

test('the word at a position, and the caret as a position', () => {
  const text = 'def multiply(a, b):\n    return a * b\n';
  assert.deepEqual(wordAt(text, 1, 7), { word: 'multiply', line: 1, start: 5, end: 13 });
  assert.equal(wordAt(text, 1, 13), null, 'the parenthesis is no name');
  assert.equal(wordAt(text, 5, 1), null);
  assert.deepEqual(lineColOf(text, text.indexOf('return') + 2), { line: 2, col: 7 });
});
