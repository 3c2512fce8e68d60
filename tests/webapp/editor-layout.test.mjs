// How the editor lays a file out: one pane unless the file differs from HEAD;
// a changed one side by side when wide, unified when narrow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { differsFromHead, layoutFor, SPLIT_MIN_WIDTH } from '../../webapp/src/core/editor-layout.js';

test('a file as in HEAD, or not in HEAD at all, is one pane at any width', () => {
  assert.equal(differsFromHead('a\n', 'a\n'), false);
  assert.equal(differsFromHead(null, 'new\n'), false, 'a new file has nothing to align with');
  assert.equal(layoutFor({ changed: false, width: 2000 }), 'single');
  assert.equal(layoutFor({ changed: false, width: 300 }), 'single');
});

test('a changed file is side by side from the split width up, unified below it', () => {
  assert.equal(differsFromHead('a\n', 'b\n'), true);
  assert.equal(differsFromHead('', 'b\n'), true, 'an empty file in HEAD is still a version to compare');
  assert.equal(layoutFor({ changed: true, width: SPLIT_MIN_WIDTH }), 'split');
  assert.equal(layoutFor({ changed: true, width: SPLIT_MIN_WIDTH - 1 }), 'unified');
});
