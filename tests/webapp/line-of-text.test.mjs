// Where an edit card's new text sits in its file: the line its link opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineOfText } from '../../webapp/src/core/line-of-text.js';

const file = 'import os\n\ndef area(w, h):\n    return w * h\n\nprint(area(2, 3))\n';

test('the line where the whole new text starts', () => {
  assert.equal(lineOfText(file, 'def area(w, h):\n    return w * h\n'), 3);
  assert.equal(lineOfText(file, 'import os\n'), 1);
});

test('leading blank lines are skipped; a text changed since is found by its first line', () => {
  assert.equal(lineOfText(file, '\n    return w * h\n'), 4);
  assert.equal(lineOfText(file, 'print(area(2, 3))\n# a comment the user removed\n'), 6);
});

test('nothing to find: no line', () => {
  assert.equal(lineOfText(file, ''), null, 'a deletion');
  assert.equal(lineOfText(file, '\n\n'), null);
  assert.equal(lineOfText(file, 'not in the file'), null);
});
