// The host's start-up stages as the page shows them: the overlay until
// `ready`, then a stage still running in the header, whichever order the
// host's replay brings them in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startupInitial, reportStage, markReady, forgetStages, overlayStages, backgroundStages } from '../../webapp/src/core/startup.js';

const report = (state, stage, percent, message = `${stage} ${percent}`) => reportStage(state, { stage, message, percent });

test('indexing before ready fills the overlay, then moves to the header until 100', () => {
  let s = report(startupInitial(), 'indexing', 40);
  assert.equal(s.ready, false);
  assert.deepEqual(overlayStages(s).map((x) => [x.stage, x.percent]), [['indexing', 40]]);
  assert.deepEqual(backgroundStages(s), [], 'nothing in the header while the overlay is up');
  s = report(s, 'ready', 100);
  assert.equal(s.ready, true);
  assert.deepEqual(backgroundStages(s).map((x) => [x.stage, x.percent]), [['indexing', 40]]);
  s = report(s, 'indexing', 70);
  assert.equal(backgroundStages(s)[0].percent, 70);
  s = report(s, 'indexing', 100, 'Indexed 10 files');
  assert.deepEqual(backgroundStages(s), [], 'gone at 100');
  assert.equal(s.ready, true);
});

test('a late client replayed ready then indexing never sees the overlay again', () => {
  let s = report(startupInitial(), 'ready', 100);
  s = report(s, 'indexing', 40);
  assert.equal(s.ready, true, 'a stage after ready does not re-open the overlay');
  assert.deepEqual(backgroundStages(s).map((x) => x.stage), ['indexing']);
  assert.deepEqual(s.stages.map((x) => x.stage), ['ready', 'indexing'], 'stages keep their first place');
});

test('a dropped connection forgets what ran but stays ready', () => {
  let s = report(report(startupInitial(), 'ready', 100), 'indexing', 40);
  s = forgetStages(s);
  assert.equal(s.ready, true);
  assert.deepEqual(backgroundStages(s), []);
  assert.equal(markReady(startupInitial()).ready, true);
  assert.equal(report(startupInitial(), 'indexing', 250).stages[0].percent, 100, 'percent is clamped');
});
