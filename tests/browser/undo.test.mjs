// Undo of a turn (issue 29) in the browser, against the real host and the
// fake provider: an answer whose edit acdc applied offers "Undo these edits";
// Undo puts the file back on disk and the undo's system event joins the
// chat; a file changed on disk since the answer is refused with the reason,
// on that answer, and left as it is; after a restart of the host the button
// is there for the answers still undoable, and works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectedStack, builtPlugins, send, shot, restartHost } from './support.mjs';

const needed = ['repo', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';
let stack, page;
if (!skip) connectedStack({}, (s) => ({ stack, page } = s));

const onDisk = (path) => readFileSync(join(stack.repo, path), 'utf8');
const MATH = 'def multiply(a, b):\n    return a + b\n';
const answers = () => page.locator('ac-chat-message .msg.assistant');

// An answer that edits `path` (ticked in the picker first, so the edit is
// applied), once its card says applied.
async function editingAnswer(path, before, after, words) {
  const box = page.locator(`.row[data-path="${path}"] input[type=checkbox]`);
  await box.waitFor({ timeout: 10000 });
  if (!(await box.isChecked())) await box.check();
  await stack.provider.queue([{ text: `${words}\n\n${path}\n${EDIT}\n${before}\n${REPL}\n${after}\n${END}\n` }]);
  await send(page, `Please change ${path}.`);
  const answer = answers().filter({ hasText: words }).last();
  await answer.locator(`.edit-card[data-edit-file="${path}"][data-status="applied"]`).waitFor({ timeout: 10000 });
  return answer;
}

test('Undo puts the file back as it was before the answer and says so in the chat', { skip }, async () => {
  const answer = await editingAnswer('src/math.py', '    return a + b', '    return a * b', 'Multiplying now.');
  assert.equal(onDisk('src/math.py'), 'def multiply(a, b):\n    return a * b\n');
  await page.locator('.row[data-path="src/math.py"] [data-badge]').waitFor({ timeout: 5000 });
  await shot(page, '72-undo-offered');
  await answer.locator('[data-action="undo"]').click();
  await page.locator('ac-chat-message [data-system-event="yes"]', { hasText: 'src/math.py' }).waitFor({ timeout: 10000 });
  assert.equal(onDisk('src/math.py'), MATH);
  await answer.locator('[data-undone]').waitFor();
  assert.equal(await answer.locator('[data-action="undo"]').count(), 0, 'the button goes');
  // The picker follows the server's filesModified: the file is as in HEAD again.
  await page.locator('.row[data-path="src/math.py"] [data-badge]').waitFor({ state: 'detached', timeout: 5000 });
  await shot(page, '73-undone');
});

test('a file changed on disk since the answer is refused with the reason, and left as it is', { skip }, async () => {
  const answer = await editingAnswer('src/math.py', '    return a + b', '    return a * b', 'Multiplying again.');
  const byHand = 'def multiply(a, b):\n    return a * b  # checked by hand\n';
  writeFileSync(join(stack.repo, 'src/math.py'), byHand);
  await answer.locator('[data-action="undo"]').click();
  const why = answer.locator('[data-undo-error]');
  await why.waitFor({ timeout: 10000 });
  assert.match(await why.innerText(), /src\/math\.py changed since/);
  assert.equal(onDisk('src/math.py'), byHand, 'nothing was undone');
  assert.equal(await answer.locator('[data-action="undo"]').isEnabled(), true, 'the button stays, to try again');
  assert.equal(await page.locator('ac-chat-input textarea').isEditable(), true, 'the input stays usable');
  await shot(page, '74-undo-refused');
});

test('after a restart of the host the answers still undoable offer Undo, and it works', { skip }, async () => {
  const util = onDisk('src/util.js');
  await editingAnswer('src/util.js', '  return `hello ${name}`;', '  return `hi ${name}`;', 'Shorter greeting.');
  await restartHost(stack, 200);
  await page.locator('[data-toast]', { hasText: 'Reconnected' }).waitFor({ timeout: 15000 });
  await page.reload();   // the list on screen is the restarted server's history
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  const greeting = answers().filter({ hasText: 'Shorter greeting.' });
  await greeting.waitFor({ timeout: 10000 });
  assert.equal(await answers().filter({ hasText: 'Multiplying now.' }).locator('[data-action="undo"]').count(), 0,
    'an answer undone before the restart offers no Undo');
  assert.equal(await answers().filter({ hasText: 'Multiplying again.' }).locator('[data-action="undo"]').count(), 1,
    'a refused one still does');
  await greeting.locator('[data-action="undo"]').click();
  await greeting.locator('[data-undone]').waitFor({ timeout: 10000 });
  assert.equal(onDisk('src/util.js'), util);
  await page.locator('ac-chat-message [data-system-event="yes"]', { hasText: 'src/util.js' }).waitFor({ timeout: 5000 });
  assert.deepEqual(page.errors, []);
});

test('an answer that edits a file not in context asks once to add it and apply, and Undo takes the edit back', { skip }, async () => {
  const readme = onDisk('README.md');
  const box = page.locator('.row[data-path="README.md"] input[type=checkbox]');
  assert.equal(await box.isChecked(), false, 'README.md is not in context');
  await stack.provider.queue([{ text: `Retitled.\n\nREADME.md\n${EDIT}\n# Demo\n${REPL}\n# Demo project\n${END}\n` }]);
  await send(page, 'Retitle the README.');
  const dialog = page.locator('[data-permission-dialog][data-tool="add_files_for_edits"]');
  await dialog.waitFor({ timeout: 10000 });
  assert.deepEqual(await dialog.locator('[data-permission-path]').allInnerTexts(), ['README.md']);
  assert.deepEqual(await dialog.locator('[data-permission]').allInnerTexts(),
    ['Add and apply', 'Always add the files an answer edits', 'Do not apply']);
  await shot(page, '75-add-and-apply');
  await dialog.locator('[data-permission="allow_once"]').click();
  const answer = answers().filter({ hasText: 'Retitled.' }).last();
  await answer.locator('.edit-card[data-edit-file="README.md"][data-status="applied"]').waitFor({ timeout: 10000 });
  assert.match(onDisk('README.md'), /^# Demo project\n/);
  await page.waitForFunction(() => document.querySelector('.row[data-path="README.md"] input[type=checkbox]')?.checked,
    null, { timeout: 5000 });
  await answer.locator('[data-action="undo"]').click();
  await answer.locator('[data-undone]').waitFor({ timeout: 10000 });
  assert.equal(onDisk('README.md'), readme);
  assert.deepEqual(page.errors, []);
});
