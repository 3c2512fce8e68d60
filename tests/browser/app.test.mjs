// What a user sees and does in the browser, against the real host. Steps that
// need a plugin this build was configured without are skipped with the reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, git, send as sendTo, editorText, editorContent } from './support.mjs';
import { connect } from '../support/js/jrpc.mjs';

let stack, browser, page;
const has = (p) => stack.plugins.includes(p);
const needs = (t, ...plugins) => {
  const missing = plugins.filter((p) => !has(p));
  if (missing.length) t.skip(`needs the ${missing.join(', ')} plugin(s), which this build was configured without`);
  return missing.length === 0;
};

before(async () => {
  stack = await startStack();
  ({ browser, page } = await openPage(stack));
});
after(async () => {
  assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

test('the page loads, connects with the token and the startup overlay clears', async () => {
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
  await shot(page, '01-loaded');
  assert.deepEqual(page.errors, []);
  // The icon the browser asks for is there: no 404 in the console.
  const icon = await page.request.get(new URL('favicon.ico', page.url()).href);
  assert.equal(icon.status(), 200);
  assert.equal(icon.headers()['content-type'], 'image/x-icon');
  assert.deepEqual(page.failedRequests, []);
});

test('the page runs under a Content-Security-Policy that stops injected markup from running', async () => {
  const policy = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
  assert.match(policy, /script-src 'self'/);
  const ran = await page.evaluate(async () => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
    document.body.insertAdjacentHTML('beforeend', '<img id="csp-probe" src="data:," onerror="window.__injected = 1">' +
      '<a id="csp-link" href="javascript:window.__injected = 2">x</a>');
    document.getElementById('csp-link').click();
    await new Promise((r) => setTimeout(r, 300));
    document.getElementById('csp-probe').remove();
    document.getElementById('csp-link').remove();
    return { injected: window.__injected ?? null, seen };
  });
  assert.equal(ran.injected, null, 'neither the inline handler nor the javascript: URL ran');
  assert.ok(ran.seen.some((d) => d.startsWith('script-src')), `violations: ${ran.seen}`);
  assert.deepEqual(page.errors, []);
});

test('a dropped connection reconnects by itself and says so', async () => {
  await page.evaluate(() => document.querySelector('ac-app-shell').ws.close());
  await page.locator('[data-connection="down"]').waitFor({ timeout: 3000 });
  await page.locator('[data-toast]', { hasText: 'Reconnected' }).waitFor({ timeout: 6000 });
  await page.locator('[data-connection="up"]').waitFor();
  await shot(page, '02-reconnected');
});

test('the tree shows the repository with git badges; checking files selects them', async (t) => {
  if (!needs(t, 'repo')) return;
  writeFile('src/util.js', 'export function greet(name) {\n  return `hi ${name}`;\n}\n');
  await page.evaluate(() => document.querySelector('ac-file-picker').load());
  const row = page.locator('.row[data-path="src/util.js"]');
  await row.waitFor();
  assert.equal(await row.locator('[data-badge]').innerText(), 'M');
  await page.locator('.row[data-path="src/math.py"] input[type=checkbox]').check();
  await page.locator('.count', { hasText: /[12] selected/ }).waitFor();
  await shot(page, '03-selected');
  // Keyboard: Down to README.md (the last row), Space selects it, Enter opens it.
  await page.locator('.rows').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('.row.focused').getAttribute('data-path'), 'README.md');
  await page.keyboard.press(' ');
  await page.locator('.row[data-path="README.md"] input:checked').waitFor();
  await page.keyboard.press('Enter');
  await page.locator('[data-viewer-path]', { hasText: 'README.md' }).waitFor({ timeout: 5000 });
  await page.locator('.row[data-path="README.md"] input[type=checkbox]').uncheck();
  if (has('llm')) {
    const selected = await page.evaluate(() => [...document.querySelector('ac-file-picker').selected]);
    assert.ok(selected.includes('src/math.py'));
  }
});

function writeFile(rel, text) {
  writeFileSync(join(stack.repo, rel), text);
}

test('search opens the file at the matching line', async (t) => {
  if (!needs(t, 'repo')) return;
  await page.locator('button[data-tab="search"]').click();
  await page.locator('input[name="query"]').fill('multiply');
  await page.locator('input[name="query"]').press('Enter');
  const hit = page.locator('[data-hit="src/math.py:1"]');
  await hit.waitFor({ timeout: 5000 });
  await shot(page, '04-search');
  await hit.click();
  await page.locator('[data-viewer-path]', { hasText: 'src/math.py' }).waitFor({ timeout: 5000 });
  assert.match(await editorText(page), /def multiply/);
  await page.locator('ac-file-editor [data-marked-line="1"]').waitFor({ timeout: 5000 });
  await shot(page, '05-viewer');
});

test('the editor saves an edit with Ctrl+S', async (t) => {
  if (!needs(t, 'repo')) return;
  const area = editorContent(page);
  await area.waitFor();
  await area.fill('def multiply(a, b):\n    return a + b\n\n# saved from the viewer\n');
  await area.press('Control+s');
  await page.locator('[data-toast]', { hasText: 'Saved src/math.py' }).waitFor({ timeout: 5000 });
  assert.match(readFileSync(join(stack.repo, 'src/math.py'), 'utf8'), /saved from the viewer/);
  git(stack.repo, 'checkout', '--', 'src/math.py');
});

test('settings are saved, reloaded, a bad one is refused in place, and unsaved text survives leaving the tab', async (t) => {
  if (!needs(t, 'settings')) return;
  await page.locator('button[data-tab="settings"]').click();
  const card = page.locator('[data-card="app"]');
  await card.locator('button', { hasText: 'Edit' }).click();
  const area = card.locator('textarea');
  await area.waitFor();
  const original = await area.inputValue();
  // A section acdc does not read is saved, and named where the user looks.
  await area.fill(original + '\n# browser test was here\ncache_tiering:\n  enabled: true\n');
  await card.locator('[data-action="save-config"]').click();
  await card.locator('[data-config-note]', { hasText: "'cache_tiering' is an AC-DC setting" }).waitFor({ timeout: 5000 });
  await page.locator('.banner [data-config-warning]', { hasText: /app\.yaml line \d+: 'cache_tiering' is an AC-DC setting that acdc does not read/ })
    .waitFor({ timeout: 5000 });
  await card.locator('button', { hasText: 'Revert' }).click();
  await page.waitForFunction(() => document.querySelector('[data-card="app"] textarea')?.value.includes('browser test was here'));
  await card.locator('[data-config-warning]', { hasText: /line \d+: 'cache_tiering'/ }).waitFor({ timeout: 5000 });
  await area.fill('this: is: not: yaml: [');
  await card.locator('[data-action="save-config"]').click();
  await card.locator('[data-config-error]').waitFor({ timeout: 5000 });
  assert.equal(await area.inputValue(), 'this: is: not: yaml: [', 'the typed text is kept');
  await shot(page, '06-settings');
  // Leaving the tab unrenders it: the unsaved text must still be there on return.
  await page.locator('button[data-tab="files"]').click();
  await page.locator('button[data-tab="settings"]').click();
  await card.locator('[data-unsaved]').waitFor({ timeout: 5000 });
  await card.locator('button', { hasText: 'Edit' }).click();
  await page.waitForFunction(() => document.querySelector('[data-card="app"] textarea')?.value === 'this: is: not: yaml: [');
  await card.locator('button', { hasText: 'Revert' }).click();
  await page.waitForFunction(() => document.querySelector('[data-card="app"] textarea')?.value.includes('browser test was here'));
  assert.equal(await card.locator('[data-unsaved]').count(), 0);
  await page.locator('button[data-tab="files"]').click();
});

const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';

const send = (text) => sendTo(page, text);

test('send: the answer streams in, its edit is applied on disk and shows in the tree', async (t) => {
  if (!needs(t, 'repo', 'llm')) return;
  const answer = `I will fix the multiplication.\n\nsrc/math.py\n${EDIT}\n    return a + b\n${REPL}\n    return a * b\n${END}\n\nThat is all.`;
  await stack.provider.queue([{ text: answer, chunk_chars: 6, delay_ms: 15 }]);
  const checkbox = page.locator('.row[data-path="src/math.py"] input[type=checkbox]');
  if (!(await checkbox.isChecked())) await checkbox.check();
  await send('Please make multiply multiply.');
  await page.locator('ac-chat-message .msg.assistant.streaming').waitFor({ timeout: 5000 });
  await page.locator('ac-chat-message .msg.assistant.streaming', { hasText: 'I will fix' }).waitFor({ timeout: 5000 });
  await shot(page, '07-streaming');
  await page.locator('.edit-card[data-edit-file="src/math.py"][data-status="applied"]').waitFor({ timeout: 10000 });
  assert.match(readFileSync(join(stack.repo, 'src/math.py'), 'utf8'), /return a \* b/);
  await page.locator('.row[data-path="src/math.py"] [data-badge]').waitFor({ timeout: 5000 });
  assert.match(await page.locator('[data-edit-summary]').last().innerText(), /1 applied/);
  const card = page.locator('.edit-card[data-edit-file="src/math.py"]').last();
  assert.equal(await card.locator('mark.w-del').innerText(), '+', 'the word diff marks the old operator');
  assert.equal(await card.locator('mark.w-add').innerText(), '*', 'and the new one');
  await shot(page, '08-edit-applied');
});

test('stop mid-stream keeps the partial answer and marks it stopped', async (t) => {
  if (!needs(t, 'llm')) return;
  await stack.provider.queue([{ text: 'word '.repeat(600), chunk_chars: 5, delay_ms: 20 }]);
  await send('Say many words.');
  await page.locator('ac-chat-message .msg.assistant.streaming', { hasText: 'word word' }).waitFor({ timeout: 5000 });
  await page.locator('[data-action="stop"]').click();
  await page.locator('[data-action="send"]').waitFor({ timeout: 10000 });
  const last = page.locator('ac-chat-message .msg.assistant').last();
  const text = await last.innerText();
  assert.match(text, /^word word[\s\S]*\[stopped\]/, 'the beginning of the answer, then the mark');
  const words = text.match(/\bword\b/g).length;
  assert.ok(words > 1 && words < 600, `part of the answer is kept, not all of it: ${words} of 600 words`);
  await shot(page, '09-stopped');
});

test('reload: the conversation comes back from the server', async (t) => {
  if (!needs(t, 'llm')) return;
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-chat-message .msg.user', { hasText: 'Please make multiply multiply.' }).waitFor({ timeout: 5000 });
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'I will fix the multiplication' }).waitFor();
  await shot(page, '10-reloaded');
});

test('commit: the smaller model writes the message, the user edits it, and the chat records the commit', async (t) => {
  if (!needs(t, 'repo', 'llm')) return;
  const head = git(stack.repo, 'rev-parse', 'HEAD');
  const small = async () => (await stack.provider.requests()).filter((r) => /fake-small/.test(r.body)).length;
  const writtenBefore = await small();
  await stack.provider.queue([{ text: 'Fix multiply to multiply' }]);
  await page.locator('[data-action="commit"]').click();
  const box = page.locator('[data-field="commit-message"]');
  await page.waitForFunction(() => document.querySelector('[data-field="commit-message"]')?.value === 'Fix multiply to multiply',
    null, { timeout: 10000 });
  assert.equal(git(stack.repo, 'rev-parse', 'HEAD'), head, 'nothing committed before the user confirms');
  await shot(page, '11-commit-message');
  await box.fill('fix(math): multiply multiplies\n\nIt added.');
  await page.locator('[data-action="confirm-commit"]').click();
  await page.locator('[data-toast]', { hasText: 'Committed' }).waitFor({ timeout: 10000 });
  assert.equal(git(stack.repo, 'log', '-1', '--format=%B').trim(), 'fix(math): multiply multiplies\n\nIt added.');
  assert.equal(await small(), writtenBefore + 1, 'one message written, the edited one used');
  assert.equal(await page.locator('.dialog.commit').count(), 0, 'the dialog closed');
  assert.equal(git(stack.repo, 'status', '--porcelain').trim(), '');
  const sha = git(stack.repo, 'rev-parse', '--short=7', 'HEAD').trim();
  await page.locator('ac-chat-message', { hasText: `Committed ${sha}` }).waitFor({ timeout: 5000 });
  await page.locator('ac-chat-message', { hasText: 'fix(math): multiply multiplies' }).waitFor();
  assert.equal(await page.locator('[data-action="commit"]').isDisabled(), false, 'ready for the next commit');
  await shot(page, '12-committed');
});

test('a reload mid-stream re-attaches to the running stream', async (t) => {
  if (!needs(t, 'llm')) return;
  await stack.provider.queue([{ text: 'tick '.repeat(300) + 'THE END', chunk_chars: 10, delay_ms: 20 }]);
  await send('Count slowly.');
  await page.locator('ac-chat-message .msg.assistant.streaming', { hasText: 'tick tick' }).waitFor({ timeout: 5000 });
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'THE END' }).waitFor({ timeout: 15000 });
  await page.locator('[data-action="send"]').waitFor({ timeout: 5000 });
  await shot(page, '13-reattached');
});

test('an image pasted into the prompt is attached as a thumbnail and can be removed', async () => {
  await page.evaluate(() => {
    const input = document.createElement('ac-chat-input');
    input.id = 'paste-probe';
    document.body.append(input);
  });
  const box = page.locator('#paste-probe textarea');
  await box.waitFor();
  await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 8, height: 8 });
    const blob = await new Promise((r) => canvas.toBlob(r, 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'dot.png', { type: 'image/png' }));
    document.querySelector('#paste-probe textarea').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  const thumb = page.locator('#paste-probe img.thumb');
  await thumb.waitFor({ timeout: 3000 });
  assert.match(await thumb.getAttribute('src'), /^data:image\/png;base64,/);
  await page.locator('#paste-probe .pasted button').click();
  assert.equal(await thumb.count(), 0);
  await page.evaluate(() => document.getElementById('paste-probe').remove());
});

test('the context menu creates, renames and deletes a file', async (t) => {
  if (!needs(t, 'repo')) return;
  await page.locator('button[data-tab="files"]').click();
  await page.locator('.picker-head button[title^="New file"]').click();
  await page.locator('.menu button', { hasText: 'New file' }).click();
  await page.locator('.menu input.ask').fill('notes/todo.txt');
  await page.locator('.menu [data-confirm]').click();
  await page.locator('[data-toast]', { hasText: 'New file: done' }).waitFor({ timeout: 5000 });
  assert.equal(readFileSync(join(stack.repo, 'notes/todo.txt'), 'utf8'), '');
  await page.locator('.filter').fill('todo');
  const row = page.locator('.row[data-path="notes/todo.txt"]');
  await row.waitFor({ timeout: 5000 });
  await row.click({ button: 'right' });
  await page.locator('.menu button', { hasText: 'Rename' }).click();
  await page.locator('.menu input.ask').fill('notes/done.txt');
  await page.locator('.menu [data-confirm]').click();
  await page.locator('[data-toast]', { hasText: 'Rename: done' }).waitFor({ timeout: 5000 });
  await page.locator('.filter').fill('done.txt');
  const renamed = page.locator('.row[data-path="notes/done.txt"]');
  await renamed.waitFor({ timeout: 5000 });
  await renamed.click({ button: 'right' });
  await page.locator('.menu button', { hasText: 'Delete' }).click();
  await page.locator('.menu [data-confirm]').click();
  await page.locator('[data-toast]', { hasText: 'Delete: done' }).waitFor({ timeout: 5000 });
  assert.equal(existsSync(join(stack.repo, 'notes/done.txt')), false);
  await page.locator('.filter').fill('');
});

test('the context tab draws the token budget as a bar chart', async (t) => {
  if (!needs(t, 'llm')) return;
  await page.locator('button[data-tab="context"]').click();
  const chart = page.locator('svg[data-chart]');
  await chart.waitFor({ timeout: 5000 });
  assert.ok(await chart.locator('rect[data-category]').count() >= 5, 'one bar per category');
  assert.match(await chart.getAttribute('aria-label'), /Token budget: \d+ of \d+ tokens/);
  await shot(page, '14-context');
  await page.locator('button[data-tab="files"]').click();
});

test('the history browser lists, searches and loads a past session', async (t) => {
  if (!needs(t, 'llm')) return;
  await page.locator('[data-action="new-session"]').click();
  await page.waitForFunction(() => document.querySelectorAll('ac-chat-message').length === 0, null, { timeout: 5000 });
  await page.locator('[data-action="history"]').click();
  const dialog = page.locator('ac-history-browser');
  await dialog.locator('[data-session]').first().waitFor({ timeout: 5000 });
  await dialog.locator('input[type=search]').fill('multiply multiply');
  const hit = dialog.locator('[data-session] a').first();
  await hit.waitFor({ timeout: 5000 });
  await hit.click();
  await shot(page, '15-history');
  await dialog.locator('[data-action="load-session"]').click();
  await page.locator('ac-chat-message .msg.user', { hasText: 'Please make multiply multiply.' }).waitFor({ timeout: 5000 });
});

test('Up in an empty prompt recalls the previous prompts; snippets insert text', async (t) => {
  if (!needs(t, 'llm')) return;
  const box = page.locator('ac-chat-input textarea');
  await box.fill('');
  await box.press('ArrowUp');
  const sent = await page.evaluate(() => JSON.parse(localStorage.getItem('ac-dc-input-history')));
  assert.ok(sent.length >= 2, 'earlier prompts were kept');
  assert.equal(await box.inputValue(), sent.at(-1));
  await box.press('ArrowUp');
  assert.equal(await box.inputValue(), sent.at(-2));
  await box.fill('');
  await page.locator('ac-chat-input button[title="Snippets"]').click();
  const drawer = page.locator('[data-snippets]');
  await drawer.waitFor();
  const snippets = drawer.locator('button');
  if (await snippets.count()) {
    await snippets.first().click();
    assert.ok((await box.inputValue()).length > 0, 'the snippet went into the prompt');
  } else assert.match(await drawer.innerText(), /No snippets configured/);
  await shot(page, '16-snippets');
  await box.fill('');
});

test('reset to HEAD asks first, then discards the changes, and the chat records it', async (t) => {
  if (!needs(t, 'repo', 'llm')) return;
  writeFile('README.md', '# Demo\n\nan uncommitted change\n');
  await page.locator('[data-action="reset"]').click();
  await page.locator('[data-action="confirm-reset"]').waitFor();
  await shot(page, '17-reset-confirm');
  assert.match(readFileSync(join(stack.repo, 'README.md'), 'utf8'), /uncommitted change/, 'nothing happens before the confirmation');
  await page.locator('[data-action="confirm-reset"]').click();
  await page.locator('[data-toast]', { hasText: 'Reset to HEAD' }).waitFor({ timeout: 5000 });
  assert.doesNotMatch(readFileSync(join(stack.repo, 'README.md'), 'utf8'), /uncommitted change/);
  await page.locator('ac-chat-message', { hasText: 'Reset to HEAD' }).waitFor({ timeout: 5000 });
});

test('reloading the llm plugin in the middle of an answer leaves the chat usable, and says so', async (t) => {
  if (!needs(t, 'llm')) return;
  // About 80 s if left alone: only the reload can end it within the waits below.
  await stack.provider.queue([{ text: 'slow '.repeat(400), chunk_chars: 5, delay_ms: 200 }]);
  await send('Take your time.');
  await page.locator('[data-action="stop"]').waitFor({ timeout: 5000 });
  const other = await connect(stack.host);
  try {
    await other.server['Host.reload_plugin']('llm');
  } finally {
    other.close();
  }
  await page.locator('[data-toast]', { hasText: 'Plugin llm reloaded' }).waitFor({ timeout: 10000 });
  await page.locator('[data-action="send"]').waitFor({ timeout: 10000 });
  await stack.provider.queue([{ text: 'Back again.' }]);
  await send('Still there?');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Back again.' }).waitFor({ timeout: 10000 });
});

test('an ambiguous edit fills the retry prompt below what the user typed meanwhile, without sending it', async (t) => {
  if (!needs(t, 'repo', 'llm')) return;
  writeFile('dup.py', 'x = 1\ny = 2\nx = 1\n');
  await page.evaluate(() => document.querySelector('ac-file-picker').load());
  await page.locator('.row[data-path="dup.py"] input[type=checkbox]').check();
  await stack.provider.queue([{ text: `Changing x.\n\ndup.py\n${EDIT}\nx = 1\n${REPL}\nx = 3\n${END}\n`, chunk_chars: 8, delay_ms: 40 }]);
  await send('Change x.');
  // The user types the next question while the answer streams: it must survive the retry prompt.
  const box = page.locator('ac-chat-input textarea');
  await box.fill('And then y?');
  await page.locator('.edit-card[data-edit-file="dup.py"][data-status="failed"]').waitFor({ timeout: 10000 });
  const users = await page.locator('ac-chat-message .msg.user').count();
  assert.match(await box.inputValue(), /^And then y\?\n\nSome edits failed because the old text matched multiple\nlocations in the file\./);
  assert.match(await box.inputValue(), /- dup\.py: /);
  await page.waitForTimeout(300);
  assert.equal(await page.locator('ac-chat-message .msg.user').count(), users, 'the retry prompt was not sent');
  assert.equal(readFileSync(join(stack.repo, 'dup.py'), 'utf8'), 'x = 1\ny = 2\nx = 1\n');
  await shot(page, '18-ambiguous-retry');
  await box.fill('');
});

test('unsaved viewer text survives opening another file, and is not saved over an applied edit unasked', async (t) => {
  if (!needs(t, 'repo', 'llm')) return;
  writeFile('notes.py', 'a = 1\nb = 2\n');
  writeFile('other.py', 'o = 1\n');
  await page.evaluate(() => document.querySelector('ac-file-picker').load());
  const open = async (path) => {
    await page.locator(`.row[data-path="${path}"]`).click();
    await page.locator('[data-viewer-path]', { hasText: path }).waitFor({ timeout: 5000 });
  };
  await open('notes.py');
  const area = editorContent(page);
  await area.fill('a = 1\nb = 2\n# mine\n');
  await open('other.py');
  await open('notes.py');
  assert.equal(await editorText(page), 'a = 1\nb = 2\n# mine\n', 'the draft came back with its file');
  // The model edits the file under the unsaved text.
  await page.locator('.row[data-path="notes.py"] input[type=checkbox]').check();
  await stack.provider.queue([{ text: `Bumping b.\n\nnotes.py\n${EDIT}\nb = 2\n${REPL}\nb = 3\n${END}\n` }]);
  await send('Bump b.');
  await page.locator('[data-stale]').waitFor({ timeout: 10000 });
  await area.press('Control+s');
  await page.locator('[data-toast]', { hasText: 'notes.py changed on disk' }).waitFor({ timeout: 5000 });
  assert.equal(readFileSync(join(stack.repo, 'notes.py'), 'utf8'), 'a = 1\nb = 3\n', 'the applied edit was kept');
  await shot(page, '19-viewer-stale');
  await page.locator('[data-action="load-disk"]').click();
  await page.waitForFunction(() => document.querySelector('ac-file-editor')?.view?.state.doc.toString() === 'a = 1\nb = 3\n');
  await page.locator('.row[data-path="notes.py"] input[type=checkbox]').uncheck();
});
