// The chat a daily user expects (issue 29), in the browser against the real
// host and the fake provider: files an answer names are links and a "Files
// referenced" row with Add All; shell commands shown with Copy and never run;
// tokens, cache hit and cost under each answer; a failed turn as a typed card
// whose Retry sends again; toasts clear of the message input, Send and the
// reasoning selector; a run timer while streaming.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, builtPlugins, send, recordCopies, lastCopy } from './support.mjs';

const needed = ['repo', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack();
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('.row[data-path="src/math.py"]').waitFor({ timeout: 10000 });
  await recordCopies(page);
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const last = () => page.locator('ac-chat-message .msg.assistant').last();

async function answer(text, question, step = {}) {
  await stack.provider.queue([{ text, ...step }]);
  await send(page, question);
  await last().locator('.turn-foot, [data-error-card]').first().waitFor({ timeout: 10000 });
}

test('files the answer names are links that open them, listed with Add All, which selects them', { skip }, async () => {
  await answer('The bug is in `src/math.py`; README.md says nothing, and src/nowhere.py does not exist.', 'Where is the bug?');
  const links = last().locator('.md [data-file-link]');
  assert.deepEqual(await links.evaluateAll((as) => as.map((a) => a.dataset.fileLink)), ['src/math.py', 'README.md']);
  const row = last().locator('[data-files-referenced]');
  assert.deepEqual(await row.locator('[data-mention]').evaluateAll((as) => as.map((a) => a.dataset.mention)), ['src/math.py', 'README.md']);
  await links.first().click();
  await page.waitForFunction(() => document.querySelector('ac-file-editor')?.shownPath === 'src/math.py', null, { timeout: 10000 });

  const box = (p) => page.locator(`.row[data-path="${p}"] input[type=checkbox]`);
  assert.equal(await box('src/math.py').isChecked(), false);
  await row.locator('[data-action="add-all"]').click();
  await page.locator('.row[data-path="src/math.py"][data-state="context"]').waitFor({ timeout: 5000 });
  assert.equal(await box('README.md').isChecked(), true, 'every referenced file is in context');
  assert.equal(await row.locator('[data-action="add-all"]').isDisabled(), true, 'nothing left to add');
  await shot(page, '60-file-mentions');
});

test('shell commands are shown with Copy and never run', { skip }, async () => {
  await answer('Run these:\n\n```bash\ntouch ran-by-acdc\nmake test\n```\n', 'How do I test?');
  const cmds = last().locator('[data-shell-command]');
  assert.deepEqual(await cmds.locator('code').allInnerTexts(), ['touch ran-by-acdc', 'make test']);
  await cmds.nth(1).locator('[data-copy]').click();
  assert.equal(await lastCopy(page), 'make test');
  assert.equal(existsSync(join(stack.repo, 'ran-by-acdc')), false, 'acdc ran nothing');
});

test('an answer shows its tokens, cache hit and cost: a model the price table does not know, on this machine, costs $0', { skip }, async () => {
  // The fake provider is on loopback, as Ollama would be (issue 30).
  await answer('Cached well.', 'Say something.', { usage: { input_tokens: 100, cache_read_tokens: 300, output_tokens: 7 } });
  const usage = await last().locator('[data-usage]').innerText();
  assert.match(usage, /^in 400 · out 7 · cache hit 75% · \$0$/, usage);
});

test('a failed turn is a card of its kind, without empty token counts, and Retry sends the question again', { skip }, async () => {
  await stack.provider.queue([{ status: 401, body: '{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}' }]);
  await send(page, 'Will this fail?');
  const card = last().locator('[data-error-card]');
  await card.waitFor({ timeout: 10000 });
  assert.equal(await card.getAttribute('data-error-card'), 'authentication');
  assert.match(await card.innerText(), /Authentication failed[\s\S]*Incorrect API key/);
  assert.doesNotMatch(await last().innerText(), /in 0 · out 0/);
  assert.doesNotMatch(await page.locator('[data-hud]').innerText(), /0 in · 0 out/, 'the head keeps the last real turn');
  await shot(page, '61-error-card');

  const before = (await stack.provider.requests()).length;
  await stack.provider.queue([{ text: 'It works now.' }]);
  await card.locator('[data-action="retry"]').click();
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'It works now.' }).waitFor({ timeout: 10000 });
  const sent = await stack.provider.requests();
  assert.equal(sent.length, before + 1);
  assert.match(sent.at(-1).body, /Will this fail\?/);
  assert.equal(await page.locator('[data-error-card] [data-action="retry"]').count(), 0, 'Retry only on the last answer');
});

test('a toast covers neither the message input, Send nor the reasoning selector', { skip }, async () => {
  // Without the editor the chat is the rightmost column, its Send in the corner.
  await page.locator('ac-file-editor [data-action="close"]').click();
  await page.locator('ac-file-editor').waitFor({ state: 'detached' });
  await page.locator('ac-chat-message [data-shell-command] [data-copy]').first().click();
  const toast = page.locator('[data-toast]').first();
  await toast.waitFor({ timeout: 5000 });
  const t = await toast.boundingBox();
  for (const sel of ['ac-chat-input textarea', 'ac-chat-input [data-action="send"]', 'ac-chat-input [data-reasoning]']) {
    const b = await page.locator(sel).boundingBox();
    const apart = t.x + t.width <= b.x || b.x + b.width <= t.x || t.y + t.height <= b.y || b.y + b.height <= t.y;
    assert.ok(apart, `the toast ${JSON.stringify(t)} overlaps ${sel} ${JSON.stringify(b)}`);
  }
});

test('a run timer shows while the answer streams, and goes with it', { skip }, async () => {
  await stack.provider.queue([{ text: 'slow '.repeat(60), chunk_chars: 5, delay_ms: 40 }]);
  await send(page, 'Take your time.');
  const timer = page.locator('[data-run-timer]');
  await timer.waitFor({ timeout: 5000 });
  assert.match(await timer.innerText(), /\d+:\d\d/);
  await timer.waitFor({ state: 'detached', timeout: 15000 });
  assert.deepEqual(page.errors, [], 'no script errors');
});
