// bench/webapp/long-tasks.mjs -- the long tasks (the Long Tasks API's: 50 ms
// or more on the page's main thread; with --cpu-time, every task's CPU time
// from a trace) while the webapp does its heavy things: a 50,000-file
// repository opened, refreshed and filtered, a 100 KB answer streamed, a
// 50,000-file tree shown, filtered and scrolled. The browser tests run the
// same workloads (tests/browser/workloads.mjs) and assert only what the user
// sees; the times are here (issue 27). See README.md.
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { traceTasks } from './task-trace.mjs';
import { startStack, openPage, closeAll, makeBigRepo } from '../../tests/browser/support.mjs';
import { answer, refreshTree, filterBigRepo, streamInPage, streamThroughHost, addPerfPicker, showBigTree,
  filterAndScrollBigTree } from '../../tests/browser/workloads.mjs';

const { values: opt } = parseArgs({
  options: {
    build: { type: 'string', default: 'build' },
    runs: { type: 'string', default: '3' },
    'cpu-throttle': { type: 'string', default: '1' },
    'cpu-time': { type: 'boolean', default: false },
  },
});
const runs = Number(opt.runs);
const throttle = Number(opt['cpu-throttle']);
const cpuTime = opt['cpu-time'];

// support.mjs, host.mjs and the fake provider find the build as ctest tells them.
const build = resolve(opt.build);
process.env.ACDC_BIN ??= join(build, 'acdc');
process.env.ACDC_PLUGIN_DIR ??= join(build, 'plugins');
process.env.ACDC_TEST_PLUGIN_DIR ??= join(build, 'tests', 'plugins');
process.env.ACDC_FAKE_PROVIDER ??= join(build, 'acdc-fake-provider');
const built = (id) => existsSync(join(process.env.ACDC_PLUGIN_DIR, `${id}.acdc.so`));
if (!built('repo')) throw new Error(`no repo plugin in ${process.env.ACDC_PLUGIN_DIR}: build the tree first (or pass --build)`);

// Installed before the page's own scripts, so a first load is watched too.
function observeLongTasks() {
  window.__long = [];
  new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration)))
    .observe({ type: 'longtask' });
}

async function open(stack) {
  const { browser, page } = await openPage(stack);
  await page.addInitScript(observeLongTasks);
  // Emulation.setCPUThrottlingRate slows the renderer's main thread, and stays through reloads.
  if (throttle !== 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 30000 });
  return { browser, page };
}

// The long tasks reported since the last call; the observer's callback
// comes a little after a task ends, hence the wait.
async function takeLong(page) {
  await page.waitForTimeout(100);
  return page.evaluate(() => window.__long.splice(0));
}

const figures = new Map();   // phase -> { tasks: [ms], wall: [ms] }

// A phase's long tasks or, with --cpu-time, the CPU time of each of its tasks.
async function measure(page, phase, step) {
  await takeLong(page);
  const stopTrace = cpuTime ? await traceTasks(page) : null;
  const started = performance.now();
  await step();
  const wall = performance.now() - started;
  const long = await takeLong(page);
  const tasks = stopTrace ? await stopTrace() : long;
  const f = figures.get(phase) ?? figures.set(phase, { tasks: [], wall: [] }).get(phase);
  f.tasks.push(...tasks);
  f.wall.push(wall);
}

// An observer that reports nothing would pass for a page with no long task
// (issue 19). The trace's CPU time of an 80 ms loop is less on a busy
// machine, never nothing.
async function calibrate(page) {
  await takeLong(page);
  const stopTrace = cpuTime ? await traceTasks(page) : null;
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => {
    const start = performance.now();
    while (performance.now() - start < 80);
    resolve();
  }, 0)));
  const long = await takeLong(page);
  if (!long.some((d) => d >= 75)) throw new Error(`the long-task observer missed a deliberate 80 ms task: ${JSON.stringify(long)}`);
  const traced = stopTrace ? await stopTrace() : [];
  if (cpuTime && !traced.some((d) => d >= 20)) throw new Error(`the trace missed a deliberate 80 ms task: ${JSON.stringify(traced)}`);
}

async function bigRepository() {
  const stack = await startStack({ plugins: ['repo'], populate: (dir) => makeBigRepo(dir) });
  const { browser, page } = await open(stack);
  const shown = () => page.locator('.count', { hasText: '50000 files' }).waitFor({ timeout: 60000 });
  try {
    await shown();
    await calibrate(page);
    for (let r = 0; r < runs; r++) {
      await measure(page, 'first load, 50,000 files', async () => { await page.reload(); await shown(); });
      await measure(page, 'refresh, 50,000 files', () => refreshTree(page));
      await measure(page, 'filter, 50,000 files', () => filterBigRepo(page));
    }
  } finally {
    await closeAll(browser, stack);
  }
}

async function streamsAndTree() {
  const llm = built('llm');
  const stack = await startStack({ plugins: llm ? ['repo', 'llm'] : ['repo'] });
  const { browser, page } = await open(stack);
  const text = answer(100 * 1024);
  try {
    for (let r = 0; r < runs; r++) {
      await measure(page, '100 KB answer, in the page', () => streamInPage(page, text, 400));
      if (llm) await measure(page, '100 KB answer, through the host', () => streamThroughHost(stack, page, text));
      await addPerfPicker(page);
      await measure(page, 'tree shown, 50,000 files', () => showBigTree(page));
      await measure(page, 'tree filtered and scrolled', () => filterAndScrollBigTree(page));
      await page.evaluate(() => document.getElementById('perf-picker').remove());
    }
  } finally {
    await closeAll(browser, stack);
  }
}

// Nearest rank.
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v) => (v === undefined ? '-' : v.toFixed(0)).padStart(6);

function report() {
  console.log(cpuTime ? 'CPU time of the tasks of 1 ms or more (a trace): how many reach 50 ms, the longest, their p95'
    : 'long tasks (50 ms or more of wall time, the Long Tasks API): how many, the longest, their p95');
  console.log(`${'phase'.padEnd(34)}  >=50 ms  max ms  p95 ms  wall ms (median)  the longest (ms)`);
  for (const [phase, { tasks, wall }] of figures) {
    const s = [...tasks].sort((a, b) => a - b);
    const w = [...wall].sort((a, b) => a - b);
    console.log(`${phase.padEnd(34)}${String(s.filter((d) => d >= 50).length).padStart(9)}  ${ms(s.at(-1))}  ${ms(percentile(s, 95))}  ${ms(percentile(w, 50))}` +
      `            ${s.slice(-8).reverse().map(Math.round).join(' ')}`);
  }
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`${runs} runs of each phase, CPU throttle ${throttle}x, ${cpus().length} cores, load average ${load()}`);
await bigRepository();
await streamsAndTree();
report();
console.log(`load average at the end ${load()}`);
