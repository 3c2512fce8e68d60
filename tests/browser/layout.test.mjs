// The Files tab's layout of issue 29, against the real host: the picker's
// and the editor's splitters resize their columns and the widths survive a
// reload; Copy diff copies the staged, the unstaged, or the working tree
// against a branch, as git shows them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, builtPlugins, makeRepo, git, recordCopies, lastCopy } from './support.mjs';

const needed = ['repo'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugin`;
let stack, browser, page;

// A branch "base" one commit behind main; README.md changed and staged,
// src/math.py changed and not.
function populate(dir) {
  makeRepo(dir);
  git(dir, 'branch', 'base');
  writeFileSync(join(dir, 'NOTES.md'), 'notes\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'notes');
  writeFileSync(join(dir, 'README.md'), '# Demo\n\nStaged line.\n');
  git(dir, 'add', 'README.md');
  writeFileSync(join(dir, 'src', 'math.py'), 'def multiply(a, b):\n    return a * b\n');
  return dir;
}

before(async () => {
  if (skip) return;
  stack = await startStack({ populate });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('.row[data-path="src/math.py"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const width = (sel) => page.locator(sel).evaluate((el) => el.getBoundingClientRect().width);

async function drag(splitter, dx) {
  const b = await page.locator(`ac-splitter[data-splitter="${splitter}"]`).boundingBox();
  const x = b.x + b.width / 2, y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y);
  await page.mouse.move(x + dx, y);
  await page.mouse.up();
}

test('the splitters resize the picker and the editor, and the widths survive a reload', { skip }, async () => {
  const picker = await width('section.left');
  await drag('picker', 120);
  assert.equal(await width('section.left'), picker + 120);
  await page.locator('.row[data-path="src/math.py"] .name').click();
  await page.locator('ac-file-editor .cm-editor').first().waitFor({ timeout: 10000 });
  const editor = await width('section.right');
  await drag('editor', -100);
  // Its first width was a share of the room, a fraction of a pixel from a whole one.
  assert.ok(Math.abs(await width('section.right') - (editor + 100)) <= 1, 'dragging the editor splitter left widens the editor');
  const dragged = await width('section.right');
  await shot(page, '75-splitters');

  await page.reload();
  await page.locator('.row[data-path="src/math.py"]').waitFor({ timeout: 10000 });
  assert.equal(await width('section.left'), picker + 120);
  await page.locator('.row[data-path="src/math.py"] .name').click();
  await page.locator('ac-file-editor .cm-editor').first().waitFor({ timeout: 10000 });
  assert.equal(await width('section.right'), dragged);
});

async function copyDiff(kind, branch) {
  await page.locator('[data-action="copy-diff"]').click();
  if (branch) await page.locator('[data-diff-branch]').selectOption(branch);
  await page.locator(`[data-diff="${kind}"]`).click();
  await page.waitForFunction((n) => window.copied.length === n, copies + 1);
  copies++;
  return lastCopy(page);
}
let copies = 0;

test('Copy diff copies the staged, the unstaged, and the working tree against a branch', { skip }, async () => {
  await recordCopies(page);
  assert.equal(await copyDiff('staged'), git(stack.repo, 'diff', '--cached'));
  assert.equal(await copyDiff('unstaged'), git(stack.repo, 'diff'));
  const against = await copyDiff('branch', 'base');
  assert.equal(against, git(stack.repo, 'diff', 'base'));
  assert.match(against, /\+notes/, 'the commit the branch lacks is in it');
  assert.deepEqual(page.errors, [], 'no script errors');
});
