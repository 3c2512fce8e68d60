// The picker's sort (issue 29): by name keeps the server's order; by
// modified and by size siblings are reordered (folders by their newest file
// or their total lines), folders stay before files, each subtree stays whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FileRows } from '../../webapp/src/core/file-rows.js';
import { sortEntries } from '../../webapp/src/core/tree-order.js';

const TREE = { tree: { name: 'r', path: '', type: 'dir', children: [
  { name: 'a', path: 'a', type: 'dir', children: [
    { name: 'old.py', path: 'a/old.py', type: 'file', lines: 500, mtime: 10 },
    { name: 'x.py', path: 'a/x.py', type: 'file', lines: 1, mtime: 20 }] },
  { name: 'b', path: 'b', type: 'dir', children: [
    { name: 'new.py', path: 'b/new.py', type: 'file', lines: 5, mtime: 99 }] },
  { name: 'big.md', path: 'big.md', type: 'file', lines: 900, mtime: 1 },
  { name: 'fresh.md', path: 'fresh.md', type: 'file', lines: 2, mtime: 50 }] } };

const paths = (entries) => entries.map((e) => e.path);

test('by name is the order the tree came in', () => {
  const m = new FileRows(TREE);
  assert.equal(sortEntries(m.entries, 'name'), m.entries);
});

test('by modified: newest first, a folder as new as its newest file', () => {
  const m = new FileRows(TREE);
  assert.deepEqual(paths(sortEntries(m.entries, 'modified')), ['b', 'b/new.py', 'a', 'a/x.py', 'a/old.py', 'fresh.md', 'big.md']);
});

test('by size: most lines first, a folder as large as its files together', () => {
  const m = new FileRows(TREE);
  assert.deepEqual(paths(sortEntries(m.entries, 'size')), ['a', 'a/old.py', 'a/x.py', 'b', 'b/new.py', 'big.md', 'fresh.md']);
  assert.deepEqual(paths(m.rows({ sort: 'size' })), ['a', 'b', 'big.md', 'fresh.md'], 'rows follow the sort');
  assert.deepEqual(paths(m.rows({ sort: 'modified', filter: '@py' })), ['b', 'b/new.py', 'a', 'a/x.py', 'a/old.py']);
});
