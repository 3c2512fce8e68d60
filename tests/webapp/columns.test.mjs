// The Files tab's column widths (issue 29): read back from what was saved,
// defaults for anything unreadable, and a drag kept within each column's
// minimum and what leaves the chat its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadColumns, dragColumn, DEFAULT_COLUMNS } from '../../webapp/src/core/columns.js';

test('saved widths come back; missing or broken ones are the defaults', () => {
  assert.deepEqual(loadColumns('{"picker":333,"editor":600}'), { picker: 333, editor: 600 });
  assert.deepEqual(loadColumns(null), DEFAULT_COLUMNS);
  assert.deepEqual(loadColumns('not json'), DEFAULT_COLUMNS);
  assert.deepEqual(loadColumns('{"picker":-5}'), DEFAULT_COLUMNS);
  assert.equal(DEFAULT_COLUMNS.editor, null, 'an editor not dragged yet shares the room with the chat');
});

test('a drag moves one column within its limits', () => {
  const w = { picker: 280, editor: 560 };
  assert.deepEqual(dragColumn(w, 'picker', 40, 1400), { picker: 320, editor: 560 });
  assert.equal(dragColumn(w, 'picker', -500, 1400).picker, 160, 'never below its minimum');
  assert.equal(dragColumn(w, 'picker', 5000, 1400).picker, 1400 - 560 - 300, 'the chat keeps 300 px');
  assert.equal(dragColumn(w, 'editor', 100, 1400).editor, 660);
});
