// The files an answer names (issue 29): paths of the repository only, with a
// folder or an extension, without a sentence's final dot or a leading ./,
// each once in the order named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findMentions, mentionedFiles } from '../../webapp/src/core/file-mentions.js';

const files = new Set(['src/math.py', 'README.md', 'Makefile', 'src/util.js']);
const isFile = (p) => files.has(p);

test('paths of the repository are found where they are, sentence dots left out', () => {
  const text = 'Edit `src/math.py`, then README.md.';
  assert.deepEqual(findMentions(text, isFile), [{ start: 6, end: 17, path: 'src/math.py' }, { start: 25, end: 34, path: 'README.md' }]);
  assert.equal(text.slice(25, 34), 'README.md');
});

test('a leading ./ is no part of the path; a bare word is no mention even when a file has that name', () => {
  assert.deepEqual(findMentions('open ./src/util.js', isFile).map((m) => m.path), ['src/util.js']);
  assert.equal(findMentions('./src/util.js', isFile)[0].start, 2);
  assert.deepEqual(findMentions('run the Makefile target', isFile), []);
});

test('paths not in the repository are not mentions', () => {
  assert.deepEqual(findMentions('see src/other.py and http://x.org/a.py', isFile), []);
});

test('each file once, in the order first named', () => {
  assert.deepEqual(mentionedFiles('README.md, src/math.py and README.md again', isFile), ['README.md', 'src/math.py']);
  assert.deepEqual(mentionedFiles('', isFile), []);
});
