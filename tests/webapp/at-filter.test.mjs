// The @ filter (issue 29): the @word at the caret of the chat input, never an
// @ inside a word; the picker's filter takes a leading @ as no part of a term.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atQuery, filterTerms } from '../../webapp/src/core/at-filter.js';

test('the @word being typed at the caret', () => {
  assert.equal(atQuery('look at @src/ma', 15), 'src/ma');
  assert.equal(atQuery('@', 1), '');
  assert.equal(atQuery('@math and more', 14), null, 'the caret has left the @word');
  assert.equal(atQuery('mail me@host', 12), null);
});

test('filter terms drop a leading @', () => {
  assert.deepEqual(filterTerms('@Math  py'), ['math', 'py']);
  assert.deepEqual(filterTerms('@'), []);
  assert.deepEqual(filterTerms(''), []);
});
