// A turn that does not end well, in the browser against the real host and the
// fake provider (issue 16): a stream cut midway keeps its text, marked, with
// its edits not applied and a Retry that asks again; a reload shows the mark
// from history; a send the server refuses says why and gives the text back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, builtPlugins, send, callAcApp } from './support.mjs';
import { connect } from '../support/js/jrpc.mjs';

const needed = ['repo', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack();
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const answers = () => page.locator('ac-chat-message .msg.assistant');

// The user text of the provider's latest request, before the reminder the
// server appends to it: what a retry asked.
async function lastQuestion() {
  const body = JSON.parse((await stack.provider.requests()).at(-1).body);
  const user = body.messages.filter((m) => m.role === 'user').at(-1);
  const text = typeof user.content === 'string' ? user.content : user.content.map((p) => p.text ?? '').join('');
  return text.split('\n\n---\n')[0];
}

test('a stream cut midway keeps what arrived, marked with the error; its edit is not applied', { skip }, async () => {
  await page.locator('.row[data-path="src/math.py"] input[type=checkbox]').check();
  const answer = `Fixing it.\n\nsrc/math.py\n${EDIT}\n    return a + b\n${REPL}\n    return a * b\n${END}\n\n${'and more words '.repeat(200)}`;
  await stack.provider.queue([{ text: answer, chunk_chars: 10, delay_ms: 5, cut_after_bytes: 4000 }]);
  await send(page, 'Fix multiply, at length.');
  const mark = answers().last().locator('[data-cut-off]');
  await mark.waitFor({ timeout: 15000 });
  assert.match((await mark.innerText()).trim(), /^Cut off: \S/);
  const text = await answers().last().innerText();
  assert.match(text, /Fixing it\./, 'the partial answer stays on screen');
  assert.ok(!text.includes('and more words '.repeat(200).trim()), 'and it is partial');
  await page.locator('.edit-card[data-edit-file="src/math.py"][data-status="cut_off"]').waitFor({ timeout: 5000 });
  assert.match(readFileSync(join(stack.repo, 'src/math.py'), 'utf8'), /return a \+ b/, 'the file is untouched');
  await shot(page, '40-cut-off');
});

test('Retry asks the same question again with a new request, and the answer replaces nothing', { skip }, async () => {
  const before = await answers().count();
  const cutId = await answers().last().getAttribute('data-request');
  await stack.provider.queue([{ text: 'The whole answer this time.' }]);
  await answers().last().locator('[data-action="retry"]').click();
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'The whole answer this time.' }).waitFor({ timeout: 10000 });
  assert.equal(await lastQuestion(), 'Fix multiply, at length.');
  assert.equal(await answers().count(), before + 1, 'the cut-off answer stays above the new one');
  assert.notEqual(await answers().last().getAttribute('data-request'), cutId);
  assert.equal(await page.locator('[data-action="retry"]').count(), 0, 'Retry only on the last answer');
  await page.locator('.row[data-path="src/math.py"] input[type=checkbox]').uncheck();
});

test('after a reload the cut-off answer comes back from history with its mark', { skip }, async () => {
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  const cut = page.locator('ac-chat-message .msg.assistant.cut-off-answer');
  await cut.first().waitFor({ timeout: 5000 });
  assert.match(await cut.first().innerText(), /Fixing it\./);
  assert.match((await cut.first().locator('[data-cut-off]').innerText()).trim(), /^Cut off: \S/);
  assert.equal(await page.locator('[data-action="retry"]').count(), 0, 'it was answered since');
});

test('a cut-off answer the server reports for a stream this page did not start offers Retry, which sends', { skip }, async () => {
  await callAcApp(page, 'userMessage', { content: 'Asked from another tab.' });
  await callAcApp(page, 'streamChunk', '1700000000000-other1', 'Half of');
  await callAcApp(page, 'streamComplete', '1700000000000-other1',
    { cut_off: true, response: 'Half of it', error: 'the connection to the provider closed midway', edit_results: [] });
  const last = answers().last();
  await last.locator('[data-cut-off]', { hasText: 'Cut off: the connection to the provider closed midway' }).waitFor({ timeout: 5000 });
  assert.match(await last.innerText(), /Half of it/);
  await stack.provider.queue([{ text: 'Answered on retry.' }]);
  await last.locator('[data-action="retry"]').click();
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Answered on retry.' }).waitFor({ timeout: 10000 });
  assert.equal(await lastQuestion(), 'Asked from another tab.');
  assert.deepEqual(page.errors, []);
});

test('a send refused while another stream runs says why in the chat and puts the text back', { skip }, async () => {
  const other = await connect(stack.host);
  try {
    await stack.provider.queue([{ text: 'slow '.repeat(400), chunk_chars: 5, delay_ms: 100 }]);
    await other.server['LLMService.chat_streaming']('1700000000001-other2', 'A long one from elsewhere.', [], null);
    await page.locator('ac-chat-message .msg.assistant', { hasText: 'slow slow' }).waitFor({ timeout: 5000 });
    const users = await page.locator('ac-chat-message .msg.user').count();
    await send(page, 'Mine, refused.');
    const note = page.locator('ac-chat-message [data-notice="error"]').last();
    await note.waitFor({ timeout: 5000 });
    assert.match((await note.innerText()).trim(), /^Not sent: Another stream is active/);
    assert.equal(await page.locator('ac-chat-input textarea').inputValue(), 'Mine, refused.', 'nothing lost');
    assert.equal(await page.locator('ac-chat-message .msg.user').count(), users, 'the refused question left the list');
    await shot(page, '41-refused-busy');
    await other.server['LLMService.cancel_streaming']('1700000000001-other2');
  } finally {
    other.close();
  }
  await page.locator('[data-action="send"]').waitFor({ timeout: 10000 });
  await page.locator('ac-chat-input textarea').fill('');
});

test('a missing API key is said at once, before anything is sent, and the text stays in the input', { skip }, async () => {
  const keyless = await startStack({ apiKeyEnv: 'ACDC_BROWSER_TEST_NO_SUCH_KEY' });
  const opened = await openPage(keyless);
  try {
    const p = opened.page;
    await p.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
    await p.locator('ac-startup-overlay').waitFor({ state: 'hidden', timeout: 10000 });
    await send(p, 'Hello without a key.');
    const note = p.locator('ac-chat-message [data-notice="error"]');
    await note.waitFor({ timeout: 3000 });
    assert.match((await note.innerText()).trim(), /^Not sent: ACDC_BROWSER_TEST_NO_SUCH_KEY \(api_key_env in llm\.yaml\) is not set/);
    assert.equal(await p.locator('ac-chat-input textarea').inputValue(), 'Hello without a key.');
    assert.equal(await p.locator('ac-chat-message .msg.user').count(), 0);
    assert.equal((await keyless.provider.requests()).length, 0, 'nothing reached the provider');
    await shot(p, '42-refused-no-key');
  } finally {
    assert.equal(await closeAll(opened.browser, keyless), 0, 'the keyless host exits cleanly');
  }
});
