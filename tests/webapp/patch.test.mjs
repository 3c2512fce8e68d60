// A review's unified diff applied to its base, as the diff viewer does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch } from '../../webapp/src/core/patch.js';

const GIT_HEAD = 'diff --git a/f b/f\nindex 1111111..2222222 100644\n--- a/f\n+++ b/f\n';

test('a changed line in the middle, with git\'s headers and context', () => {
  const base = 'one\ntwo\nthree\nfour\nfive\n';
  const diff = `${GIT_HEAD}@@ -2,3 +2,4 @@\n two\n-three\n+THREE\n+three and a half\n four\n`;
  assert.equal(applyPatch(base, diff), 'one\ntwo\nTHREE\nthree and a half\nfour\nfive\n');
});

test('two hunks, a removed line that starts with dashes, a single-line hunk header', () => {
  const base = 'a\n-- b\nc\nd\ne\nf\ng\nh\n';
  const diff = `${GIT_HEAD}@@ -2 +1,0 @@\n--- b\n@@ -8 +7 @@\n-h\n+H\n`;
  assert.equal(applyPatch(base, diff), 'a\nc\nd\ne\nf\ng\nH\n');
});

test('a new file, a deleted file, and an empty diff', () => {
  assert.equal(applyPatch('', `--- /dev/null\n+++ b/f\n@@ -0,0 +1,2 @@\n+x\n+y\n`), 'x\ny\n');
  assert.equal(applyPatch('x\ny\n', `--- a/f\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n`), '');
  assert.equal(applyPatch('same\n', ''), 'same\n');
});

test('"No newline at end of file" on either side', () => {
  assert.equal(applyPatch('a\nb', `@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+b\n`), 'a\nb\n');
  assert.equal(applyPatch('a\nb\n', `@@ -2 +2 @@\n-b\n+c\n\\ No newline at end of file\n`), 'a\nc');
});

test('a diff that does not fit its base is refused, not guessed', () => {
  assert.throws(() => applyPatch('a\nb\n', '@@ -2 +2 @@\n-x\n+y\n'), /does not fit/);
});
