// Review mode in the browser against the real host: a repository with
// 10,000 commits on main and a feature branch that merged main in. The
// commit graph pages in as it scrolls and keeps only the rows in view; the
// review starts at the merge-base, the banner says what is reviewed, an
// answer's edits are not applied, and Exit puts the repository back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectedStack, makeRepo, git, send, shot, editorText, editorContent } from './support.mjs';

const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';
const LONG_HISTORY = 10000;

function makeReviewRepo(dir) {
  makeRepo(dir);
  // 10,000 commits in one go: git fast-import, then the work tree follows.
  let stream = '';
  for (let i = 1; i <= LONG_HISTORY; i++) {
    const msg = `history ${i}`;
    stream += `commit refs/heads/main\ncommitter Bulk <bulk@example.com> ${1700000000 + i} +0000\n` +
      `data ${Buffer.byteLength(msg)}\n${msg}\n${i === 1 ? 'from refs/heads/main^0\n' : ''}` +
      `M 100644 inline history.txt\ndata ${String(i).length + 1}\n${i}\n\n`;
  }
  execFileSync('git', ['-C', dir, 'fast-import', '--quiet'], { input: stream });
  git(dir, 'reset', '-q', '--hard');
  const commit = (file, text, msg) => { writeFileSync(join(dir, file), text); git(dir, 'add', '-A'); git(dir, 'commit', '-q', '-m', msg); };
  git(dir, 'checkout', '-q', '-b', 'feature');
  commit('src/math.py', 'def multiply(a, b):\n    return a * b\n', 'Fix multiply');
  git(dir, 'checkout', '-q', 'main');
  commit('docs.md', '# Docs\n', 'Add docs');
  git(dir, 'checkout', '-q', 'feature');
  git(dir, 'merge', '-q', '--no-ff', '-m', 'Merge main into feature', 'main');
  commit('src/util.js', 'export function greet(name) {\n  return `HELLO ${name}`;\n}\n', 'Greet loudly');
  git(dir, 'checkout', '-q', 'main');
  return dir;
}

let stack, page;
connectedStack({ populate: makeReviewRepo }, (s) => ({ stack, page } = s));

const rendered = () => page.locator('.commit-row').count();

test('the commit graph pages through 10,000 commits and renders only the rows in view', async (t) => {
  if (!stack.plugins.includes('llm')) return t.skip('needs the llm plugin');
  await page.locator('[data-action="review"]:not([disabled])').click();
  await page.locator('.commit-row').first().waitFor({ timeout: 10000 });
  const total = Number(git(stack.repo, 'rev-list', '--all', '--count').trim());
  assert.equal(await page.locator('[data-field="branch"]').inputValue(), 'feature', 'the branch not checked out is offered first');
  assert.ok(await rendered() < 60, `rows in the page: ${await rendered()}`);
  // Branch tips are labelled, the merge is drawn as one.
  await page.locator('.commit-row', { hasText: 'Greet loudly' }).locator('.branch-tip', { hasText: 'feature' }).waitFor();
  assert.equal(await page.locator('.commit-row', { hasText: 'Merge main into feature' }).locator('circle.merge').count(), 1);
  await shot(page, 'review-01-graph');

  const graph = page.locator('.commit-graph');
  const started = Date.now();
  while (Number(await graph.getAttribute('data-count')) < total) {
    const before = Number(await graph.getAttribute('data-count'));
    await graph.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await page.waitForFunction((n) => Number(document.querySelector('.commit-graph').dataset.count) > n, before, { timeout: 10000 });
  }
  const elapsed = Date.now() - started;
  await graph.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.locator('.commit-row', { hasText: 'initial' }).waitFor();
  assert.ok(await rendered() < 60, `rows in the page after scrolling through ${total}: ${await rendered()}`);
  console.log(`paged through ${total} commits in ${elapsed} ms`);
  await shot(page, 'review-02-graph-bottom');
  await graph.evaluate((el) => { el.scrollTop = 0; });
});

test('a review starts at the merge-base, edits are held back, and Exit restores the branch', async (t) => {
  if (!stack.plugins.includes('llm')) return t.skip('needs the llm plugin');
  const mainSha = git(stack.repo, 'rev-parse', '--short=7', 'main').trim();
  await page.locator('[data-action="start-review"]').click();
  const banner = page.locator('[data-review="active"]');
  await banner.waitFor({ timeout: 10000 });
  const text = await banner.innerText();
  assert.match(text, /Reviewing feature since/);
  assert.match(text, new RegExp(mainSha), 'since the merge-base: main, which feature merged');
  assert.match(text, /3 commits, 2 files/);
  assert.equal(git(stack.repo, 'diff', '--cached', '--name-only').trim().split('\n').sort().join(','), 'src/math.py,src/util.js');
  assert.equal(await page.locator('[data-action="commit"]').isDisabled(), true, 'no commit inside a review');
  await shot(page, 'review-03-banner');

  await stack.provider.queue([{ text: `Consider this.\n\nsrc/math.py\n${EDIT}\n    return a * b\n${REPL}\n    return b * a\n${END}\n` }]);
  await send(page, 'Review the branch');
  await page.locator('[data-toast]', { hasText: 'Review mode: edits are not applied' }).waitFor({ timeout: 10000 });
  assert.match(readFileSync(join(stack.repo, 'src', 'math.py'), 'utf8'), /return a \* b/);
  assert.match(JSON.stringify(await stack.provider.requests()), /Code Review Context/);

  await page.locator('[data-action="end-review"]').click();
  await page.locator('[data-action="review"]').waitFor({ timeout: 10000 });
  assert.equal(git(stack.repo, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'main');
  assert.equal(git(stack.repo, 'status', '--porcelain').trim(), '');
  assert.deepEqual(page.errors, []);
});

test('while reviewing, the viewer shows the review\'s change of a file, read-only, not the working copy', async (t) => {
  if (!stack.plugins.includes('llm')) return t.skip('needs the llm plugin');
  await page.locator('[data-action="review"]:not([disabled])').click();
  await page.locator('[data-action="start-review"]:not([disabled])').click();
  await page.locator('[data-review="active"]').waitFor({ timeout: 10000 });
  const mainSha = git(stack.repo, 'rev-parse', '--short=7', 'main').trim();
  // A local change the review is not about: the viewer must not show it.
  const file = join(stack.repo, 'src', 'math.py');
  const reviewed = readFileSync(file, 'utf8');
  writeFileSync(file, 'LOCAL EXPERIMENT\n');
  try {
    await page.locator('.row[data-path="src/math.py"]').click();
    await page.locator('[data-viewer-path]', { hasText: 'src/math.py' }).waitFor({ timeout: 5000 });
    await page.locator('[data-review-diff]').waitFor({ timeout: 5000 });
    assert.equal(await page.locator('[data-pane="left"]').innerText(), `Review base ${mainSha}`);
    assert.equal(await page.locator('[data-pane="right"]').innerText(), 'feature');
    // The pane is narrow here: the base's line is shown deleted inline.
    await page.locator('ac-file-editor .cm-deletedChunk', { hasText: 'return a + b' }).waitFor({ timeout: 5000 });
    assert.equal(await editorText(page), 'def multiply(a, b):\n    return a * b\n');
    assert.equal(await editorContent(page).getAttribute('contenteditable'), 'false', 'read-only');
    assert.equal(await page.locator('ac-file-editor [data-action="save"]').count(), 0);
    await shot(page, 'review-04-viewer');
  } finally {
    writeFileSync(file, reviewed);
  }
  await page.locator('[data-action="end-review"]').click();
  await page.locator('[data-action="review"]').waitFor({ timeout: 10000 });
  // Out of the review the same file is the ordinary, editable working-copy view again.
  await page.locator('[data-pane="right"]', { hasText: 'Working copy' }).waitFor({ timeout: 5000 });
  assert.equal(await editorContent(page).getAttribute('contenteditable'), 'true', 'editable again');
  assert.equal(git(stack.repo, 'status', '--porcelain').trim(), '');
  assert.deepEqual(page.errors, []);
});
