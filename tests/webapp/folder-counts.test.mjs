// Counts per folder, at every depth (issue 29): what a collapsed folder's
// badge and selection count say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countUnder } from '../../webapp/src/core/folder-counts.js';

test('each file counts in every folder above it, top-level files in none', () => {
  const c = countUnder(['src/a.py', 'src/b/c.py', 'src/b/d/e.py', 'README.md']);
  assert.deepEqual([...c.entries()].sort(), [['src', 3], ['src/b', 2], ['src/b/d', 1]]);
  assert.equal(countUnder([]).size, 0);
});
