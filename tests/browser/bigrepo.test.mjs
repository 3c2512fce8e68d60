// A real 50,000-file repository through the repo plugin: the page opens on
// it, the tree is refreshed (as after every edit) and filtered, and no task
// blocks the page for 50 ms or more (a long task, the Long Tasks API's own
// threshold). The observer is installed before the page's scripts run, so the
// first load is watched too; a deliberate 80 ms task must be seen first, or
// an observer that reports nothing would pass as "no jank" (issue 19).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, shot, closeAll, makeBigRepo, builtPlugins } from './support.mjs';

let stack, browser, page;
const skip = !builtPlugins().includes('repo');

before(async () => {
  if (skip) return;
  stack = await startStack({ plugins: ['repo'], populate: (dir) => makeBigRepo(dir) });
  ({ browser, page } = await openPage(stack));
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0);
});

// The long tasks seen since the last call (or since the page opened).
function takeLong() {
  return page.evaluate(() => window.__long.splice(0));
}

// Long tasks are wall-clock: on a machine busy with other work a frame can be
// preempted past 50 ms. A step with a long task is therefore repeated once;
// both runs are printed, and the second must be clean.
async function twice(label, step) {
  let long = await step();
  console.log(`${label}: long tasks ${JSON.stringify(long.map(Math.round))}`);
  if (long.some((d) => d >= 50)) {
    long = await step();
    console.log(`${label}, second run: long tasks ${JSON.stringify(long.map(Math.round))}`);
  }
  return long;
}

test('the long-task observer sees a deliberate 80 ms task', async (t) => {
  if (skip) return t.skip('needs the repo plugin, which this build was configured without');
  await page.locator('.count', { hasText: '50000 files' }).waitFor({ timeout: 30000 });
  await page.waitForTimeout(200);
  await takeLong();
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => {
    const start = performance.now();
    while (performance.now() - start < 80);
    resolve();
  }, 0)));
  await page.waitForTimeout(100);
  const long = await takeLong();
  assert.ok(long.some((d) => d >= 75), `the 80 ms task was not reported: ${JSON.stringify(long)}`);
});

test('50,000 files from Repo.get_file_tree: opened, refreshed and filtered with no long task', async (t) => {
  if (skip) return t.skip('needs the repo plugin, which this build was configured without');
  // The first load, watched since the page opened (the reload in before()).
  await page.locator('.count', { hasText: '50000 files' }).waitFor({ timeout: 30000 });
  const openLong = await takeLong();
  console.log(`50,000-file repository, first load: long tasks ${JSON.stringify(openLong.map(Math.round))}`);
  const refreshLong = await twice('refresh', async () => {
    await takeLong();
    const ms = await page.evaluate(async () => {
      const t = performance.now();
      await document.querySelector('ac-file-picker').load();
      return performance.now() - t;
    });
    console.log(`refresh: ${ms.toFixed(0)} ms`);
    return takeLong();
  });
  const filterLong = await twice('filtering', async () => {
    await takeLong();
    const filter = page.locator('.filter');
    await filter.fill('');
    await filter.pressSequentially('file4999', { delay: 20 });
    await page.locator('.row[data-path="pkg49/mod999/file49999.js"]').waitFor();
    await filter.fill('mod3/file150.js');
    await page.locator('.row[data-path="pkg3/mod3/file150.js"] [data-badge="M"]').waitFor();
    await filter.fill('');
    await page.waitForTimeout(100);
    return takeLong();
  });
  await shot(page, '21-big-repo');
  assert.ok(openLong.every((d) => d < 50), `first load long tasks ${openLong}`);
  assert.ok(refreshLong.every((d) => d < 50), `refresh long tasks ${refreshLong}`);
  assert.ok(filterLong.every((d) => d < 50), `filter long tasks ${filterLong}`);
});
