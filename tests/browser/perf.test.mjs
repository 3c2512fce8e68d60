// Speed in the browser, measured with the Performance API (long tasks are
// tasks over 50 ms): the first load's size, a 100 KB answer streamed at 60
// chunks/s, and a 50,000-file tree rendered and filtered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { connectedStack, shot, DIST } from './support.mjs';

let stack, page;
connectedStack({}, (s) => ({ stack, page } = s));

// Starts collecting long tasks; the returned function stops and returns their durations.
async function watchLongTasks() {
  await page.evaluate(() => {
    window.__long = [];
    window.__obs = new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration)));
    window.__obs.observe({ type: 'longtask' });
  });
  return async () => page.evaluate(() => { window.__obs.disconnect(); return window.__long; });
}

test('the first load is under 300 KB gzipped before lazy chunks', async () => {
  const urls = await page.evaluate(() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]);
  let total = 0;
  const loaded = [];
  for (const u of urls) {
    const path = new URL(u).pathname;
    const file = join(DIST, path === '/' ? 'index.html' : path);
    if (!existsSync(file) || loaded.includes(file)) continue;
    loaded.push(file);
    total += gzipSync(readFileSync(file)).length;
  }
  console.log(`first load: ${loaded.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  assert.ok(loaded.some((f) => f.endsWith('.js')), 'the script was loaded');
  assert.ok(total < 300 * 1024, `${total} bytes gzipped`);
});

function answer(bytes) {
  const para = 'The coalescer renders the **latest** text once per frame; `streamChunk` carries the full text. ';
  const code = '```python\ndef multiply(a, b):\n    """Multiply."""\n    return a * b\n```\n\n';
  let s = '';
  for (let i = 0; s.length < bytes; i++) s += i % 4 === 3 ? code : `${para.repeat(3)}\n\n`;
  return s.slice(0, bytes);
}

// Long tasks are wall-clock: on a machine busy with other work a frame can be
// preempted past 50 ms. A run with a long task is therefore repeated once; both
// runs are printed, and the second must be clean.
async function streamInPage(text, step) {
  const stop = await watchLongTasks();
  // The chunks enter where AcApp.streamChunk hands them over (the bus), at 60/s.
  const frames = await page.evaluate(async ({ text, step }) => {
    const panel = document.querySelector('ac-chat-panel');
    const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const before = panel.coalescer.frames;
    for (let n = step; n < text.length + step; n += step) {
      panel.onChunk(id, text.slice(0, n));
      await new Promise((r) => setTimeout(r, 1000 / 60));
    }
    panel.onComplete(id, { response: text });
    await panel.updateComplete;
    return panel.coalescer.frames - before;
  }, { text, step });
  return { frames, long: await stop() };
}

test('a 100 KB answer streamed at 60 chunks/s keeps every long task under 50 ms', async () => {
  const text = answer(100 * 1024);
  let run = await streamInPage(text, 400);   // 256 chunks, 4.3 s at 60 chunks/s
  console.log(`100 KB stream: ${run.frames} renders, long tasks: ${JSON.stringify(run.long.map(Math.round))}`);
  if (run.long.some((d) => d >= 50)) {
    run = await streamInPage(text, 400);
    console.log(`100 KB stream, second run: ${run.frames} renders, long tasks: ${JSON.stringify(run.long.map(Math.round))}`);
  }
  await shot(page, '10-streamed-100kb');
  const rendered = await page.locator('ac-chat-message').last().innerText();
  assert.ok(rendered.includes('def multiply'), 'the answer is on screen');
  assert.ok(run.long.every((d) => d < 50), `long tasks ${run.long}`);
});

async function streamThroughHost(text) {
  await stack.provider.queue([{ text, chunk_chars: 400, delay_ms: 16 }]);
  const stop = await watchLongTasks();
  const box = page.locator('ac-chat-input textarea');
  await box.fill('Stream a long answer.');
  await box.press('Enter');
  await page.locator('ac-chat-message .msg.assistant.streaming').waitFor({ timeout: 5000 });
  await page.locator('[data-action="send"]').waitFor({ timeout: 30000 });
  return stop();
}

test('through the host: a 100 KB answer from the fake provider at 60 chunks/s, no long task over 50 ms', async (t) => {
  if (!stack.plugins.includes('llm')) return t.skip('needs the llm plugin, which this build was configured without');
  const text = answer(100 * 1024);
  let long = await streamThroughHost(text);
  console.log(`100 KB through the host: long tasks ${JSON.stringify(long.map(Math.round))}`);
  if (long.some((d) => d >= 50)) {
    long = await streamThroughHost(text);
    console.log(`100 KB through the host, second run: long tasks ${JSON.stringify(long.map(Math.round))}`);
  }
  await shot(page, '12-host-streamed-100kb');
  assert.ok((await page.locator('ac-chat-message .msg.assistant').last().innerText()).includes('def multiply'));
  assert.ok(long.every((d) => d < 50), `long tasks ${long}`);
});

// A get_file_tree answer of 50,000 files: 1,000 folders of 50 under 50 top folders.
function bigTree() {
  const root = { name: 'big', path: '', type: 'dir', children: [] };
  for (let d = 0; d < 1000; d++) {
    const dir = { name: `mod${d}`, path: `pkg${d % 50}/mod${d}`, type: 'dir', children: [] };
    for (let f = 0; f < 50; f++) dir.children.push({ name: `file${d * 50 + f}.js`, path: `${dir.path}/file${d * 50 + f}.js`, type: 'file', lines: f * 7 });
    let top = root.children[d % 50];
    if (!top) root.children.push(top = { name: `pkg${d % 50}`, path: `pkg${d % 50}`, type: 'dir', children: [] });
    top.children.push(dir);
  }
  return { tree: root, modified: ['pkg1/mod1/file51.js'], staged: [], untracked: [], deleted: [], diff_stats: {} };
}

test('a 50,000-file tree renders and filters with no long task over 100 ms', async () => {
  await page.evaluate((big) => {
    const picker = document.createElement('ac-file-picker');
    picker.id = 'perf-picker';
    picker.style.cssText = 'position:fixed;left:0;top:40px;width:320px;height:700px;z-index:20;background:#16181d';
    document.body.append(picker);
    window.__bigTree = big;
  }, bigTree());
  const stop = await watchLongTasks();
  const renderMs = await page.evaluate(async () => {
    const picker = document.getElementById('perf-picker');
    // A picker on a connected page loads the real repository first; let that finish.
    await picker.load();
    const t = performance.now();
    await picker.setTree(window.__bigTree);
    picker.expanded = new Set(['pkg0', 'pkg0/mod0']);
    await picker.updateComplete;
    return performance.now() - t;
  });
  const renderLong = await stop();
  const stopFilter = await watchLongTasks();
  const filter = page.locator('#perf-picker .filter');
  await filter.pressSequentially('file4999', { delay: 20 });
  await page.locator('#perf-picker .row[data-path="pkg49/mod999/file49999.js"]').waitFor();
  await page.locator('#perf-picker .rows').evaluate((el) => { el.scrollTop = 0; });
  await filter.fill('');
  await page.locator('#perf-picker .rows').evaluate((el) => { el.scrollTop = 20000; });
  await page.waitForTimeout(100);
  const filterLong = await stopFilter();
  const long = [...renderLong, ...filterLong];
  await shot(page, '11-50k-tree');
  const rows = await page.locator('#perf-picker .row').count();
  console.log(`50,000 files: render ${renderMs.toFixed(0)} ms (long tasks ${JSON.stringify(renderLong.map(Math.round))}), ` +
    `${rows} rows in the DOM; filtering and scrolling: long tasks ${JSON.stringify(filterLong.map(Math.round))}`);
  assert.ok(rows < 200, 'only the rows in view exist');
  assert.ok(long.every((d) => d < 100), `long tasks ${long}`);
  await page.evaluate(() => document.getElementById('perf-picker').remove());
});

test('of overlapping trees the newest one asked for is shown, whichever is built or answered last', async (t) => {
  if (!stack.plugins.includes('repo')) return t.skip('needs the repo plugin (its load is the one answered last), which this build was configured without');
  const shown = await page.evaluate(async (big) => {
    const picker = document.createElement('ac-file-picker');
    document.body.append(picker);
    const small = { tree: { name: 'small', path: '', type: 'dir', children: [{ name: 'only.txt', path: 'only.txt', type: 'file', lines: 1 }] },
      modified: [], staged: [], untracked: [], deleted: [], diff_stats: {} };
    // The 50,000-file tree takes many slices to build; the small one, one.
    const slow = picker.setTree(big);
    await picker.setTree(small);
    const supersededBuild = await slow;
    // The repository's tree is asked for first but answered after the small one is given.
    const loading = picker.load();
    await picker.setTree(small);
    await loading;
    const paths = picker.model.entries.map((e) => e.path);
    picker.remove();
    return { supersededBuild, paths };
  }, bigTree());
  assert.equal(shown.supersededBuild, false);
  assert.deepEqual(shown.paths, ['only.txt']);
});
