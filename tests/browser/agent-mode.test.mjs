// Agent mode in the browser, against the real host and the fake provider: the
// Ask | Agent switch starts at Ask, asks the server, and the choice comes back
// after a reload; an Agent turn whose model first calls read_file shows a step
// card for the call while it runs and after it, applies the edit of the final
// answer, keeps its cards after a reload, and its Undo puts the file back;
// Stop ends an Agent turn mid-answer and its finished cards stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectedStack, builtPlugins, send, shot, pageRpc } from './support.mjs';

const needed = ['repo', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';
const MATH = 'def multiply(a, b):\n    return a + b\n';
let stack, page;
if (!skip) connectedStack({}, (s) => ({ stack, page } = s));

const onDisk = (path) => readFileSync(join(stack.repo, path), 'utf8');
const answer = (words) => page.locator('ac-chat-message .msg.assistant', { hasText: words }).last();
const readCall = (id, path) => ({ id, name: 'read_file', arguments: JSON.stringify({ path }) });

async function reload() {
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
}

// Every status a step card showed, in order, kept after it changed: a tool
// call on this machine ends within milliseconds of starting.
test('the switch starts at Ask, switches the session to Agent, and the choice survives a reload', { skip }, async () => {
  const ask = page.locator('[data-agent-mode="ask"]'), agent = page.locator('[data-agent-mode="agent"]');
  await ask.waitFor({ timeout: 10000 });
  assert.equal(await ask.getAttribute('aria-pressed'), 'true', 'Ask by default');
  assert.equal(await agent.getAttribute('aria-pressed'), 'false');
  const mode = await pageRpc(page, 'LLMService.get_agent_mode');
  assert.equal(mode.agent, false);
  assert.equal(mode.available, true, `Agent is unavailable with the fake model: ${mode.reason}`);
  await agent.click();
  await page.locator('[data-agent-mode="agent"][aria-pressed="true"]').waitFor({ timeout: 5000 });
  assert.equal(await ask.getAttribute('aria-pressed'), 'false');
  assert.equal((await pageRpc(page, 'LLMService.get_agent_mode')).agent, true, 'the server holds the choice');
  await shot(page, '80-agent-chosen');
  await reload();
  await page.locator('[data-agent-mode="agent"][aria-pressed="true"]').waitFor({ timeout: 10000 });
  assert.equal((await pageRpc(page, 'LLMService.get_current_state')).agent_mode, true);
  await page.locator('[data-tab="context"]').click();
  await page.locator('[data-context-mode="agent"]', { hasText: 'Mode: Agent' }).waitFor({ timeout: 10000 });
  await page.locator('[data-tab="files"]').click();
});

test('an Agent turn shows its read_file call as a card, live and after the turn, and applies the answer\'s edit', { skip }, async () => {
  const box = page.locator('.row[data-path="src/math.py"] input[type=checkbox]');
  await box.waitFor({ timeout: 10000 });
  if (!(await box.isChecked())) await box.check();
  const before = (await stack.provider.requests()).length;
  await stack.provider.queue([
    { text: 'Let me read the file first.', tool_calls: [readCall('call_1', 'src/math.py')] },
    { text: `It adds instead of multiplying.\n\nsrc/math.py\n${EDIT}\n    return a + b\n${REPL}\n    return a * b\n${END}\n`,
      chunk_chars: 4, delay_ms: 30 },
  ]);
  await send(page, 'Why does multiply add? Fix it.');
  // Live: the finished call's card is there while the answer after it still streams. (A read
  // takes under a millisecond, too short to see it running; terminal.test.mjs sees a
  // run_command's card running while it waits for permission.)
  await page.locator('ac-chat-message .msg.assistant.streaming [data-agent-step][data-tool="read_file"][data-status="ok"]')
    .waitFor({ timeout: 20000 });
  const card = answer('It adds instead of multiplying.');
  await card.locator('.turn-foot').waitFor({ timeout: 20000 });
  const step = card.locator('[data-agent-step][data-tool="read_file"]');
  assert.equal(await step.count(), 1, 'one card for the one call');
  assert.equal(await step.getAttribute('data-status'), 'ok');
  assert.equal(await step.locator('[data-step-tool]').innerText(), 'read_file');
  assert.match(await step.locator('[data-step-args]').innerText(), /src\/math\.py/);
  assert.notEqual((await step.locator('[data-step-summary]').innerText()).trim(), '', 'the server\'s one-line summary');
  await step.locator('summary').click();
  assert.match(await step.locator('[data-step-result]').innerText(), /return a \+ b/, 'the text the model got back');
  await card.locator('.edit-card[data-edit-file="src/math.py"][data-status="applied"]').waitFor({ timeout: 10000 });
  assert.equal(onDisk('src/math.py'), 'def multiply(a, b):\n    return a * b\n');
  assert.equal((await stack.provider.requests()).length, before + 2, 'one request for the call, one after its result');
  assert.equal(await card.locator('[data-agent-stopped]').count(), 0, 'no limit stopped the turn');
  await shot(page, '81-agent-step-card');

  await reload();
  const again = answer('It adds instead of multiplying.');
  await again.locator('[data-agent-step][data-tool="read_file"][data-status="ok"]').waitFor({ timeout: 10000 });
  assert.match(await again.innerText(), /Let me read the file first\.[\s\S]*It adds instead/, 'one answer, both steps\' text');
  assert.equal(await page.locator('ac-chat-message .msg.assistant', { hasText: 'Let me read the file first.' }).count(), 1);
  assert.equal(await again.locator('[data-action="undo"]').count(), 1);
  await again.locator('.edit-card[data-edit-file="src/math.py"][data-status="applied"]').waitFor({ timeout: 5000 });
  await again.locator('[data-agent-step] summary').click();
  assert.match(await again.locator('[data-step-result]').innerText(), /return a \+ b/, 'the result comes back with the history');
  await shot(page, '82-agent-step-reloaded');
});

test('Undo of the Agent turn puts the file back', { skip }, async () => {
  const card = answer('It adds instead of multiplying.');
  await card.locator('[data-action="undo"]').click();
  await card.locator('[data-undone]').waitFor({ timeout: 10000 });
  assert.equal(onDisk('src/math.py'), MATH);
  await page.locator('ac-chat-message [data-system-event="yes"]', { hasText: 'src/math.py' }).waitFor({ timeout: 5000 });
});

test('Stop ends an Agent turn mid-answer; its finished call keeps its card', { skip }, async () => {
  await stack.provider.queue([
    { text: 'Reading the README.', tool_calls: [readCall('call_7', 'README.md')] },
    { text: 'slow '.repeat(400), chunk_chars: 5, delay_ms: 25 },
  ]);
  await send(page, 'Summarise the README at length.');
  const card = page.locator('ac-chat-message .msg.assistant.streaming', { hasText: 'slow slow' });
  await card.waitFor({ timeout: 10000 });
  await card.locator('[data-agent-step][data-tool="read_file"][data-status="ok"]').waitFor({ timeout: 5000 });
  await page.locator('[data-action="stop"]').click();
  await page.locator('[data-action="send"]').waitFor({ timeout: 10000 });
  const stopped = answer('slow slow');
  assert.match(await stopped.locator('.badge-finish').innerText(), /stopped/);
  assert.equal(await stopped.locator('[data-agent-step][data-tool="read_file"][data-status="ok"]').count(), 1);
  assert.equal(await stopped.locator('[data-agent-step][data-status="running"]').count(), 0, 'nothing left spinning');
  assert.deepEqual(page.errors, [], 'no script errors');
});
