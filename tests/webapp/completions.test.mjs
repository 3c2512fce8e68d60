// The symbol index's completions as CodeMirror options: the icon from the
// Monaco kind, the definition as detail, and whether typing on may filter
// the list in the page or must ask again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completionResult, completionType, INDEX_CAP, IDENTIFIER_TAIL } from '../../webapp/src/core/completions.js';

test('each kind the index sends has its icon; others are text', () => {
  assert.deepEqual([0, 1, 2, 4, 5, 8, 9, 18, 42].map(completionType),
    ['method', 'function', 'function', 'variable', 'class', 'namespace', 'property', 'text', 'text']);
});

test('an answer becomes options from where the typed name starts', () => {
  const r = completionResult([{ label: 'multiply', kind: 1, detail: 'multiply(a,b) src/math.py', insertText: 'multiply' }], 40);
  assert.equal(r.from, 40);
  assert.deepEqual(r.options, [{ label: 'multiply', type: 'function', detail: 'multiply(a,b) src/math.py', apply: 'multiply' }]);
  assert.deepEqual(completionResult(null, 3), { from: 3, options: [], validFor: r.validFor }, 'no answer, no options');
});

test('a list under the cap is filtered as the name grows; a full one is asked again', () => {
  const some = completionResult([{ label: 'a', kind: 4 }], 0);
  assert.ok(some.validFor.test('abc_1$'), 'typing on an identifier keeps the list');
  assert.equal(some.validFor.test('a.b'), false, 'a dot ends it');
  const full = completionResult(Array.from({ length: INDEX_CAP }, (_, i) => ({ label: `n${i}`, kind: 4 })), 0);
  assert.equal(full.validFor, undefined);
});

test('the typed name is the identifier before the caret', () => {
  assert.equal(IDENTIFIER_TAIL.exec('return mult')[0], 'mult');
  assert.equal(IDENTIFIER_TAIL.exec('x = $el_2')[0], '$el_2');
  assert.equal(IDENTIFIER_TAIL.exec('call('), null);
});
