// A real 50,000-file repository through the repo plugin: the page opens on
// it, the tree is refreshed (as after every edit) and filtered. The test
// asserts what the user sees; how long the page's tasks take while it does
// this is bench/webapp/long-tasks.mjs's figure (issue 27: on a busy machine a
// time fails with no bug).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, makeBigRepo, builtPlugins } from './support.mjs';
import { refreshTree, filterBigRepo } from './workloads.mjs';

let stack, browser, page;
const skip = !builtPlugins().includes('repo');

before(async () => {
  if (skip) return;
  stack = await startStack({ plugins: ['repo'], populate: (dir) => makeBigRepo(dir) });
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0);
});

test('50,000 files from Repo.get_file_tree: opened, refreshed and filtered', async (t) => {
  if (skip) return t.skip('needs the repo plugin, which this build was configured without');
  await page.locator('.count', { hasText: '50000 files' }).waitFor({ timeout: 30000 });
  const filter = page.locator('.filter');
  await filter.fill('.js');
  await page.locator('.row[data-path="pkg0/mod0/file0.js"]').waitFor();
  assert.ok(await page.locator('.row').count() < 200, 'of 51,050 matching rows only those in view exist');

  // A file changed after the first load has its badge once the tree is read again.
  writeFileSync(join(stack.repo, 'pkg7', 'mod7', 'file350.js'), 'changed after the first load\n');
  await refreshTree(page);
  await filter.fill('mod7/file350.js');
  await page.locator('.row[data-path="pkg7/mod7/file350.js"] [data-badge="M"]').waitFor();
  await page.locator('.count', { hasText: '50000 files' }).waitFor();

  await filterBigRepo(page);
  await shot(page, '21-big-repo');
  assert.deepEqual(page.errors, []);
});
