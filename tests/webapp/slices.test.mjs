// Work cut into slices by a time budget (core/slices.js), on a clock the
// test moves: a yield once a slice has spent its budget, never before, and a
// superseded run stopped between slices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInSlices } from '../../webapp/src/core/slices.js';

// Ten steps of 3 ms each on a fake clock; `log` records steps and yields in order.
function work({ steps = 10, stepMs = 3 } = {}) {
  const clock = { t: 0 };
  const log = [];
  let done = 0;
  const step = () => {
    clock.t += stepMs;
    log.push(`step ${++done}`);
    return done === steps;
  };
  const yieldToPage = async () => { log.push('yield'); };
  return { step, log, options: { now: () => clock.t, yieldToPage } };
}

test('a slice yields once it has spent its budget: 3 ms steps, 8 ms budget, three steps a slice', async () => {
  const { step, log, options } = work();
  assert.equal(await runInSlices(step, { ...options, budgetMs: 8 }), true);
  assert.deepEqual(log, ['step 1', 'step 2', 'step 3', 'yield', 'step 4', 'step 5', 'step 6', 'yield',
    'step 7', 'step 8', 'step 9', 'yield', 'step 10']);
});

test('work that fits in one budget runs in one task, with no yield', async () => {
  const { step, log, options } = work({ steps: 2 });
  assert.equal(await runInSlices(step, { ...options, budgetMs: 8 }), true);
  assert.deepEqual(log, ['step 1', 'step 2']);
});

test('no yield after the last step, even past the budget', async () => {
  const { step, log, options } = work({ steps: 3, stepMs: 20 });
  await runInSlices(step, { ...options, budgetMs: 8 });
  assert.deepEqual(log, ['step 1', 'yield', 'step 2', 'yield', 'step 3']);
});

test('a run superseded while it yielded stops there: false, and no step after', async () => {
  const { step, log, options } = work();
  let superseded = false;
  const yieldToPage = async () => { log.push('yield'); superseded = true; };
  assert.equal(await runInSlices(step, { ...options, budgetMs: 8, yieldToPage, superseded: () => superseded }), false);
  assert.deepEqual(log, ['step 1', 'step 2', 'step 3', 'yield']);
});

test('without scheduler.yield (node) the default yield is a timer: pending timers run first', async () => {
  const order = [];
  setTimeout(() => order.push('timer'), 0);
  let steps = 0;
  await runInSlices(() => { order.push('step'); return ++steps === 2; }, { budgetMs: 0 });
  assert.deepEqual(order, ['step', 'timer', 'step']);
});
