// The chat after a reload or a session load (issue 29), against the real host
// and the fake provider: it opens scrolled to the newest message, and an
// answer whose history carries its edit results shows their statuses and the
// edit summary again, and its links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, shot, closeAll, builtPlugins, send, callAcApp } from './support.mjs';

const needed = ['repo', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack();
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  // The file list, which the answers' links are made from.
  await page.locator('.row[data-path="src/math.py"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

// How far the message list is from its bottom, in pixels, once it settles
// (its messages draw over a few frames): 0 when it is at the bottom.
async function gapBelow() {
  const gap = () => page.evaluate(() => {
    const box = document.querySelector('ac-chat-panel .messages');
    return box.scrollHeight - box.scrollTop - box.clientHeight;
  });
  await page.waitForFunction(() => {
    const box = document.querySelector('ac-chat-panel .messages');
    return box.scrollHeight - box.scrollTop - box.clientHeight < 4;
  }, null, { timeout: 3000 }).catch(() => {});
  return gap();
}

const long = (n) => Array.from({ length: 25 }, (_, i) => `Line ${i} of answer ${n}, with \`code\` in it.`).join('\n\n');

test('after a reload the chat opens at its newest message', { skip }, async () => {
  for (let n = 1; n <= 4; n++) {
    await stack.provider.queue([{ text: `${long(n)}\n\n\`\`\`python\nprint(${n})\n\`\`\`` }]);
    await send(page, `Question ${n}`);
    await page.locator('ac-chat-message .msg.assistant .turn-foot').nth(n - 1).waitFor({ timeout: 10000 });
  }
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Line 24 of answer 4' }).waitFor({ timeout: 10000 });
  await page.waitForFunction(() => {
    const box = document.querySelector('ac-chat-panel .messages');
    return box.scrollHeight > box.clientHeight * 2;
  });
  assert.ok(await gapBelow() < 4, 'scrolled to the bottom');
  await shot(page, '65-reload-at-newest');
});

test('a loaded session opens at its newest message, with its edit statuses and summary', { skip }, async () => {
  const answer = `Fixed src/math.py.\n\nsrc/math.py\n${EDIT}\n    return a + b\n${REPL}\n    return a * b\n${END}\n`;
  const messages = [];
  // Fewer messages than on screen, so elements that showed other answers show these.
  for (let n = 1; n <= 2; n++) messages.push({ role: 'user', content: `Old question ${n}` }, { role: 'assistant', content: long(n) });
  messages.push({ role: 'user', content: 'Fix multiply' }, { role: 'assistant', content: answer, passed: 1,
    edit_results: [{ file: 'src/math.py', status: 'applied', message: '' }], shell_commands: ['pytest -q'] });
  // As the server announces a session loaded from the history browser.
  await callAcApp(page, 'sessionChanged', { session_id: 'sess_1_abcdef', messages });
  const card = page.locator('.edit-card[data-edit-file="src/math.py"]').last();
  await card.waitFor({ timeout: 5000 });
  assert.equal(await card.getAttribute('data-status'), 'applied');
  assert.equal(await page.locator('ac-chat-message [data-edit-summary]').last().innerText(), 'Edits: 1 applied');
  assert.deepEqual(await page.locator('ac-chat-message [data-shell-command] code').allInnerTexts(), ['pytest -q']);
  assert.ok(await gapBelow() < 4, 'scrolled to the bottom');
  // Its message elements showed other answers before: the links are the new text's.
  await page.locator('ac-chat-message .msg.assistant').last().locator('.md [data-file-link="src/math.py"]').waitFor({ timeout: 5000 });
  assert.deepEqual(page.errors, [], 'no script errors');
});

test('after a reload an answer that edited a file still shows its applied edit and the summary', { skip }, async () => {
  const box = page.locator('.row[data-path="src/math.py"] input[type=checkbox]');
  if (!(await box.isChecked())) await box.check();
  await stack.provider.queue([{ text: `Multiplying now.\n\nsrc/math.py\n${EDIT}\n    return a + b\n${REPL}\n    return a * b\n${END}\n` }]);
  await send(page, 'Make multiply multiply.');
  const live = page.locator('ac-chat-message .msg.assistant').filter({ hasText: 'Multiplying now.' }).last();
  await live.locator('.edit-card[data-edit-file="src/math.py"][data-status="applied"]').waitFor({ timeout: 10000 });
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  // Read back from the server's history, not from the page that saw it live.
  const reloaded = page.locator('ac-chat-message .msg.assistant').filter({ hasText: 'Multiplying now.' }).last();
  const card = reloaded.locator('.edit-card[data-edit-file="src/math.py"]');
  await card.waitFor({ timeout: 10000 });
  assert.equal(await card.getAttribute('data-status'), 'applied');
  assert.equal(await reloaded.locator('[data-edit-summary]').innerText(), 'Edits: 1 applied');
  assert.ok(await gapBelow() < 4, 'scrolled to the bottom');
});
