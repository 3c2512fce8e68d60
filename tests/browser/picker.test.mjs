// The file picker of issue 29, against the real host and repository: folders
// show the changed and the selected files inside them, collapsed or not; sort
// by name, modified and size (remembered); the chat's @word filters; a
// middle click puts a path into the chat input; Duplicate and New folder
// create on disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readFileSync, existsSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, builtPlugins, makeRepo, git } from './support.mjs';

const needed = ['repo'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugin`;
let stack, browser, page;

// makeRepo's src/ and README.md, plus lib/ with a changed file two levels
// down, docs/ with the largest file, and times that order them:
// lib newest, then src, then docs.
function populate(dir) {
  makeRepo(dir);
  mkdirSync(join(dir, 'lib', 'deep'), { recursive: true });
  mkdirSync(join(dir, 'docs'), { recursive: true });
  writeFileSync(join(dir, 'lib', 'deep', 'core.py'), 'X = 1\n');
  writeFileSync(join(dir, 'lib', 'top.py'), 'Y = 2\n');
  writeFileSync(join(dir, 'docs', 'guide.md'), '# Guide\n'.repeat(400));
  writeFileSync(join(dir, 'small.txt'), 'tiny\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'more');
  writeFileSync(join(dir, 'lib', 'deep', 'core.py'), 'X = 42\n');
  const at = (p, s) => utimesSync(join(dir, p), s, s);
  at('docs/guide.md', 1_000_000_000);
  at('src/math.py', 1_100_000_000); at('src/util.js', 1_100_000_000);
  at('README.md', 1_050_000_000); at('small.txt', 1_000_000_000);
  at('lib/top.py', 1_100_000_000); at('lib/deep/core.py', 1_200_000_000);
  return dir;
}

before(async () => {
  if (skip) return;
  stack = await startStack({ populate });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('.row[data-path="lib/deep"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const row = (p) => page.locator(`.row[data-path="${p}"]`);
// The top-level rows in the order shown.
const topRows = () => page.locator('.rows .row').evaluateAll((rows) => rows
  .filter((r) => !r.dataset.path.includes('/')).sort((a, b) => a.offsetTop - b.offsetTop).map((r) => r.dataset.path));

test('a collapsed folder shows the changed and the selected files inside it', { skip }, async () => {
  assert.equal(await row('lib/deep/core.py').count(), 0, 'lib/deep is collapsed');
  // The changed file was selected on first load, out of sight.
  await row('lib/deep').locator('[data-folder-selected]').waitFor({ timeout: 5000 });
  assert.equal(await row('lib/deep').locator('[data-folder-changes]').innerText(), '1');
  assert.equal(await row('lib/deep').locator('[data-folder-selected]').innerText(), '✓1');
  assert.equal(await row('lib').locator('[data-folder-changes]').innerText(), '1', 'at any depth');
  assert.equal(await row('docs').locator('[data-folder-changes]').count(), 0);
  await shot(page, '70-folder-badges');
});

test('sort by name, modified and size, remembered after a reload', { skip }, async () => {
  assert.deepEqual(await topRows(), ['docs', 'lib', 'src', 'README.md', 'small.txt']);
  await page.locator('[data-sort]').selectOption('modified');
  assert.deepEqual(await topRows(), ['lib', 'src', 'docs', 'README.md', 'small.txt']);
  await page.locator('[data-sort]').selectOption('size');
  assert.deepEqual(await topRows(), ['docs', 'src', 'lib', 'README.md', 'small.txt']);
  await page.reload();
  await row('lib').waitFor({ timeout: 10000 });
  assert.equal(await page.locator('[data-sort]').inputValue(), 'size');
  assert.deepEqual(await topRows(), ['docs', 'src', 'lib', 'README.md', 'small.txt']);
  await page.locator('[data-sort]').selectOption('name');
});

test('@name in the chat input filters the picker, and so does @name in its own filter', { skip }, async () => {
  const box = page.locator('ac-chat-input textarea');
  await box.click();
  await box.pressSequentially('look at @gui');
  await row('docs/guide.md').waitFor({ timeout: 5000 });
  assert.deepEqual(await page.locator('.rows .row').evaluateAll((rs) => rs.map((r) => r.dataset.path)), ['docs', 'docs/guide.md']);
  await box.pressSequentially('de.md please');
  assert.equal(await page.locator('.filter').inputValue(), '', 'the @word ended: the filter is cleared');
  await box.fill('');
  await page.locator('.filter').fill('@core');
  assert.deepEqual(await page.locator('.rows .row').evaluateAll((rs) => rs.map((r) => r.dataset.path)), ['lib', 'lib/deep', 'lib/deep/core.py']);
  await page.locator('.filter').fill('');
});

test('a middle click on a file inserts its path at the caret of the chat input', { skip }, async () => {
  const box = page.locator('ac-chat-input textarea');
  await box.fill('Explain');
  await row('src/util.js').click({ button: 'middle' });
  assert.equal(await box.inputValue(), 'Explain src/util.js');
  assert.equal(await row('src/util.js').getAttribute('data-state'), 'map', 'the middle click selected nothing');
  await box.fill('');
});

async function menuAsk(path, action, value) {
  await row(path).click({ button: 'right' });
  await page.locator(`.menu [data-action="${action}"]`).click();
  const input = page.locator('.menu input.ask');
  const offered = await input.inputValue();
  if (value !== undefined) await input.fill(value);
  await page.locator('.menu [data-confirm]').click();
  return offered;
}

test('Duplicate copies a file beside it, on disk', { skip }, async () => {
  assert.equal(await menuAsk('small.txt', 'duplicate'), 'small_copy.txt');
  await row('small_copy.txt').waitFor({ timeout: 5000 });
  assert.equal(readFileSync(join(stack.repo, 'small_copy.txt'), 'utf8'), 'tiny\n');
});

test('New folder creates the folder on disk, shown in the tree', { skip }, async () => {
  assert.equal(await menuAsk('docs', 'new-folder', 'docs/notes'), 'docs/');
  await row('docs/notes').waitFor({ timeout: 5000 });
  assert.ok(existsSync(join(stack.repo, 'docs', 'notes', '.gitkeep')));
  assert.deepEqual(page.errors, [], 'no script errors');
});
