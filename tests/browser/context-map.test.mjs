// Issue 26 in the browser: the ranked symbol map's cut in the Context tab,
// against the real host, symbol index and llm plugin, on a repository whose
// whole map is far larger than its budget (2,000 Python modules in 40
// packages, each importing and calling two others) and a model whose 40,000-
// token window gives the map a 5,000-token budget (an eighth). A user sees
// the budget and its use, the full / outline / left-out counts, why each file
// is in full, a file's block on a click, the outline on demand, and the
// neighbours of a file they tick.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, builtPlugins, git } from './support.mjs';

const needed = ['repo', 'symbol-index', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const MODULES = 2000, PACKAGES = 40;
let stack, browser, page;

const place = (i) => ({ pkg: `pkg${String(Math.floor(i / (MODULES / PACKAGES))).padStart(2, '0')}`,
  mod: `mod_${String(i).padStart(4, '0')}` });
const importsOf = (i) => [(i * 7 + 3) % MODULES, (i * 13 + 5) % MODULES];
const pathOf = (i) => `${place(i).pkg}/${place(i).mod}.py`;

// Module i defines helper_i and run_i; run_i calls the helpers of the two
// modules it imports: real references, so the graph ranks and has neighbours.
function makeModuleRepo(dir) {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'Browser Test');
  for (let i = 0; i < MODULES; i++) {
    const { pkg, mod } = place(i), [a, b] = importsOf(i);
    mkdirSync(join(dir, pkg), { recursive: true });
    writeFileSync(join(dir, pkg, `${mod}.py`),
      `from ${place(a).pkg}.${place(a).mod} import helper_${a}\nfrom ${place(b).pkg}.${place(b).mod} import helper_${b}\n\n\n` +
      `def helper_${i}(x):\n    """Step ${i} of the pipeline."""\n    return x + ${i}\n\n\n` +
      `def run_${i}(x):\n    return helper_${a}(x) + helper_${b}(x)\n`);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'modules');
  return dir;
}

before(async () => {
  if (skip) return;
  stack = await startStack({ populate: makeModuleRepo, llmYaml: 'models:\n  fake-model: {context_window: 40000}\n' });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.waitForFunction(() => document.querySelector('ac-startup-overlay [data-stage-row="indexing"]')?.dataset.percent === '100',
    null, { timeout: 60000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

// Opens the Context tab and waits until `what` shows. The tab reads the
// breakdown again by itself when the index is built and when the server has
// taken a new selection, so no Refresh is pressed.
async function openContext(what = '[data-map-budget]') {
  await page.locator('button[data-tab="context"]').click();
  await page.locator(what).first().waitFor({ timeout: 30000 });
}

async function counts() {
  const n = async (sel) => Number((await page.locator(sel).innerText()).replace(/,/g, ''));
  return { total: Number(await page.locator('[data-map-counts]').getAttribute('data-total')),
    full: await n('[data-count="full"]'), summary: await n('[data-count="summary"]'), outline: await n('[data-count="outline"]'),
    leftOut: await n('[data-count="left-out"]') };
}

test("the Context tab shows the map's budget, its use and the full / outline / left-out counts", { skip }, async () => {
  await openContext();
  const budget = page.locator('[data-map-budget]');
  assert.equal(await budget.getAttribute('data-budget'), '5000', 'an eighth of the 40,000-token window');
  assert.match(await budget.innerText(), /Map budget: [\d,]+ of 5,000 tokens/);
  const used = Number(await budget.getAttribute('data-tokens'));
  assert.ok(used > 0 && used <= 5000, `the map keeps to its budget: ${used}`);
  assert.equal(await budget.getAttribute('data-complete'), 'no');
  assert.equal(await page.locator('[data-map-complete]').innerText(), 'cut to the budget');

  const c = await counts();
  assert.equal(c.total, MODULES, 'every module is indexed and none is in full context');
  assert.equal(c.full + c.summary + c.outline + c.leftOut, c.total, `the counts add up: ${JSON.stringify(c)}`);
  assert.ok(c.full > 0 && c.leftOut > 0, 'some files in full, some left out');
  assert.equal(await page.locator('[data-map-entry]').count(), c.full + c.summary, 'a row per file in the map');
  // The map's own line stays, its file count the same as the rows.
  assert.equal(Number(await page.locator('[data-symbol-map]').getAttribute('data-files')), c.full + c.summary);
  assert.equal(await page.locator('[data-symbol-map-note]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('each file in full says why it is in; the stable core is ranked', { skip }, async () => {
  assert.ok(await page.locator('[data-why-badge="ranked"]').count() > 0, 'a ranked badge');
  assert.equal(await page.locator('[data-map-group="ranked"]').count(), 1, 'the ranked files under one heading');
  assert.match(await page.locator('[data-map-group="ranked"]').innerText(), /Stable core/);
  assert.equal(await page.locator('[data-why-badge="neighbour"], [data-why-badge="mentioned"]').count(), 0,
    'nothing is selected or named yet');
  await page.locator('[data-map-sort]').selectOption('tokens');
  assert.equal(await page.locator('[data-map-group]').count(), 0, 'sorted by tokens: one list');
  const tokens = await page.locator('[data-map-entry] .map-entry small').allInnerTexts();
  const values = tokens.map((t) => Number(t.replace(/[^\d]/g, '')));
  assert.deepEqual(values, [...values].sort((a, b) => b - a), 'largest first');
  await page.locator('[data-map-sort]').selectOption('reason');
});

test("clicking a file shows its block of the map; the outline is collapsed until asked for", { skip }, async () => {
  const first = page.locator('[data-map-entry][data-why="ranked"]').first();
  const path = await first.getAttribute('data-map-entry');
  await first.locator('[data-map-file]').click();
  const block = page.locator(`[data-map-block="${path}"]`);
  await block.waitFor({ timeout: 5000 });
  await page.waitForFunction((p) => document.querySelector(`[data-map-block="${p}"]`)?.textContent.startsWith(`${p}:`), path,
    { timeout: 5000 });
  const text = await block.innerText();
  const i = Number(path.match(/mod_(\d+)/)[1]);
  assert.match(text, new RegExp(`f helper_${i}\\(x\\)`), 'the block names the module\'s functions');
  assert.match(text, new RegExp(`f run_${i}\\(x\\) →helper_${importsOf(i)[0]},helper_${importsOf(i)[1]}`), 'and what they call');

  const outline = page.locator('[data-map-outline]');
  assert.equal(await outline.evaluate((d) => d.open), false, 'collapsed by default');
  assert.equal(await outline.locator('pre').isVisible(), false);
  await outline.locator('summary').click();
  assert.match(await outline.locator('pre').innerText(), /by directory[\s\S]*pkg\d\d\/ \d+/);
  await page.locator('[data-symbol-map]').evaluate((line) => line.scrollIntoView({ block: 'start' }));
  await shot(page, '47-context-map');

  await first.locator('[data-map-file]').click();
  await block.waitFor({ state: 'detached', timeout: 5000 });
  await outline.locator('summary').click();
  assert.deepEqual(page.errors, []);
});

test('ticking a file brings its neighbours into the map, each marked neighbour', { skip }, async () => {
  const picked = 1000, [a, b] = importsOf(picked);
  await page.locator('button[data-tab="files"]').click();
  await page.locator('.filter').fill(place(picked).mod);
  await page.locator(`.row[data-path="${pathOf(picked)}"] input[type=checkbox]`).check();
  await page.locator('.filter').fill('');
  await openContext('[data-why-badge="neighbour"]');
  for (const n of [a, b]) {
    assert.equal(await page.locator(`[data-map-entry="${pathOf(n)}"] [data-why-badge]`).innerText(), 'neighbour');
  }
  assert.equal(await page.locator('[data-map-group="neighbour"]').count(), 1);
  assert.equal(await page.locator(`[data-map-entry="${pathOf(picked)}"]`).count(), 0, 'the ticked file is in full context, not the map');
  const c = await counts();
  assert.equal(c.total, MODULES - 1);
  assert.equal(c.full + c.summary + c.outline + c.leftOut, c.total);
  await page.locator('[data-symbol-map]').evaluate((line) => line.scrollIntoView({ block: 'start' }));
  await shot(page, '48-context-map-neighbours');
  assert.deepEqual(page.errors, []);
});
