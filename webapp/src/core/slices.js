// Long work on the page cut into slices of about `budgetMs` each, yielding
// to the page between them, so input and frames are never held up for long
// (issue 27: no task of 50 ms on a quiet machine). The work is a `step()`
// that does a little (a few hundred nodes) and returns true once all is done;
// the clock is read after each step, so a slice overruns its budget by one
// step at most, whatever the machine's speed.
//
//   const done = await runInSlices(() => model.step(256), { superseded: () => serial !== latest });
//   // false when superseded() said so between two slices: the rest is not done

export async function runInSlices(step, { budgetMs = 8, now = () => performance.now(), yieldToPage = yieldToBrowser,
  superseded = () => false } = {}) {
  let sliceStart = now();
  while (!step()) {
    if (now() - sliceStart < budgetMs) continue;
    await yieldToPage();
    if (superseded()) return false;
    sliceStart = now();
  }
  return true;
}

// scheduler.yield (Chromium 129+) resumes the work ahead of other tasks and
// without the 4 ms that nested timers are clamped to (25 slices of a 50,000-file
// tree spent 80 of their 95 ms waiting on those); elsewhere, a timer.
export function yieldToBrowser() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
