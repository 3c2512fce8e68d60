// The file picker's three states: in context, map only, excluded from the
// symbol index; what a click and a Shift+click do to one file or a folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileState, folderState, clickFiles } from '../../webapp/src/core/file-states.js';

test('a click ticks and unticks; Shift+click excludes and includes again', () => {
  const none = { selected: new Set(), excluded: new Set() };
  const ticked = clickFiles(none, ['a.py']);
  assert.equal(fileState('a.py', ticked.selected, ticked.excluded), 'context');
  assert.equal(fileState('b.py', ticked.selected, ticked.excluded), 'map', 'map only is the default');
  const excluded = clickFiles(ticked, ['a.py'], { shift: true });
  assert.equal(fileState('a.py', excluded.selected, excluded.excluded), 'excluded');
  assert.equal(excluded.selected.has('a.py'), false, 'excluding a ticked file unticks it');
  const back = clickFiles(excluded, ['a.py'], { shift: true });
  assert.equal(fileState('a.py', back.selected, back.excluded), 'map');
  const tickedAgain = clickFiles(excluded, ['a.py']);
  assert.equal(fileState('a.py', tickedAgain.selected, tickedAgain.excluded), 'context', 'a click on an excluded file includes and ticks it');
  assert.equal(clickFiles(tickedAgain, ['a.py']).selected.has('a.py'), false);
});

test('a folder acts on all its files: excluded when all are, ticked when all are', () => {
  const s = clickFiles({ selected: new Set(['a/1.py']), excluded: new Set() }, ['a/1.py', 'a/2.py'], { shift: true });
  assert.deepEqual([...s.excluded].sort(), ['a/1.py', 'a/2.py']);
  assert.equal(folderState(['a/1.py', 'a/2.py'], s.selected, s.excluded), 'excluded');
  const half = clickFiles(s, ['a/1.py'], { shift: true });
  assert.equal(folderState(['a/1.py', 'a/2.py'], half.selected, half.excluded), 'map');
  assert.deepEqual([...clickFiles(half, ['a/1.py', 'a/2.py'], { shift: true }).excluded].sort(), ['a/1.py', 'a/2.py'],
    'Shift+click on a partly excluded folder excludes the rest');
});
