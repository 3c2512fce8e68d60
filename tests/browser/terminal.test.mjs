// The terminal (issue 39) in the browser, against the real host with the exec
// plugin and the fake provider: a command typed in the terminal runs in the
// repository and shows its output and "exit 0"; output shows while its
// command still runs; an answer's shell command runs from its Run button,
// which opens the terminal, and its row then says how it ended; Kill stops a
// command; keys typed in the terminal reach the command reading them; and in
// Agent mode the model's run_command asks first, and Allow once runs it in
// the terminal and the turn completes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, builtPlugins, send, shot, pageRpc } from './support.mjs';

const needed = ['repo', 'llm', 'exec'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
let stack, page;
if (!skip) connectedStack({}, (s) => ({ stack, page } = s));

const bar = () => page.locator('[data-action="terminal"]');
const panel = () => page.locator('ac-terminal-panel');
// A command's row in the panel, by its command line.
const row = (command) => panel().locator('.command-row', { has: page.locator('[data-command-head] code', { hasText: command }) }).last();
const lastAnswer = () => page.locator('ac-chat-message .msg.assistant').last();

// The terminal's screen as xterm.js draws it: the output alone, not the rows' command lines.
async function screenShows(text) {
  await page.waitForFunction((t) => document.querySelector('ac-terminal-view .xterm-rows')?.textContent.includes(t),
    text, { timeout: 10000 });
}

async function openTerminal() {
  if (await bar().getAttribute('aria-expanded') !== 'true') await bar().click();
  await panel().locator('[data-command-input]').waitFor({ timeout: 10000 });
}

async function typeCommand(command) {
  const input = panel().locator('[data-command-input]');
  await input.fill(command);
  await input.press('Enter');
}

async function exitLine(command) {
  const line = row(command).locator('[data-exit-line]');
  await line.waitFor({ timeout: 20000 });
  return line.innerText();
}

// The order in which the first line of output and the command's end showed,
// recorded in the page as they happen.
async function recordFirstLineAndEnd(command, firstLine) {
  await page.evaluate(({ command, firstLine }) => {
    window.firsts = [];
    const seen = (what) => { if (!window.firsts.includes(what)) window.firsts.push(what); };
    new MutationObserver(() => {
      if (document.querySelector('ac-terminal-view .xterm-rows')?.textContent.includes(firstLine)) seen('output');
      const r = [...document.querySelectorAll('.command-row')].find((el) => el.querySelector('code')?.textContent === command);
      if (r?.dataset.status === 'exited') seen('exited');
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, { command, firstLine });
}

test('a command typed in the terminal runs, shows its output, who ran it, and exit 0', { skip }, async () => {
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('terminal-panel')));
  assert.equal(await fetched(), false, 'xterm.js is no part of the first load');
  await openTerminal();
  await typeCommand('echo hello-from-user');
  assert.match(await exitLine('echo hello-from-user'), /^exit 0 in \d/);
  await screenShows('hello-from-user');
  const r = row('echo hello-from-user');
  assert.equal(await r.getAttribute('data-origin'), 'user');
  assert.match(await r.locator('[data-command-head]').innerText(), /\byou\b/);
  assert.equal(await r.locator('[data-action="kill"]').count(), 0, 'no Kill once it ended');
  await shot(page, '90-terminal-echo');
});

test('output shows while its command still runs', { skip }, async () => {
  const command = 'for i in 1 2 3; do echo line$i; sleep 0.3; done';
  await recordFirstLineAndEnd(command, 'line1');
  await typeCommand(command);
  assert.match(await exitLine(command), /^exit 0/);
  await screenShows('line3');
  assert.deepEqual(await page.evaluate(() => window.firsts), ['output', 'exited'], 'line1 showed before the command ended');
});

test('Run on an answer\'s shell command runs it as the user\'s, opens the terminal, and the block says how it ended', { skip }, async () => {
  await bar().click();
  await panel().waitFor({ state: 'hidden' });
  await stack.provider.queue([{ text: 'Try this:\n\n```bash\necho ran-from-answer\n```\n' }]);
  await send(page, 'How do I greet?');
  const block = lastAnswer().locator('[data-shell-command]', { hasText: 'echo ran-from-answer' });
  await block.waitFor({ timeout: 10000 });
  assert.equal(await lastAnswer().locator('[data-shell-commands] .label').innerText(), 'Shell commands');
  await block.locator('[data-action="run"]').click();
  await block.locator('[data-shell-run="exited"]').waitFor({ timeout: 20000 });
  assert.match(await block.locator('[data-shell-run]').innerText(), /^exit 0 in \d/);
  assert.equal(await bar().getAttribute('aria-expanded'), 'true', 'the terminal opened');
  await screenShows('ran-from-answer');
  assert.equal(await row('echo ran-from-answer').getAttribute('data-origin'), 'user');
  await shot(page, '91-terminal-run-button');
});

test('Kill stops a running command', { skip }, async () => {
  await openTerminal();
  await typeCommand('sleep 30');
  const kill = row('sleep 30').locator('[data-action="kill"]');
  await kill.waitFor({ timeout: 10000 });
  assert.equal(await bar().getAttribute('data-running'), '1', 'the bar counts it');
  await kill.click();
  assert.match(await exitLine('sleep 30'), /killed/);
  assert.equal(await bar().getAttribute('data-running'), '0');
});

test('keys typed in the terminal go to the command reading them', { skip }, async () => {
  const command = 'read -r word; echo "got:$word"';
  await typeCommand(command);
  await row(command).locator('[data-action="kill"]').waitFor({ timeout: 10000 });
  await panel().locator('ac-terminal-view .xterm').click();
  await page.keyboard.type('yes');
  await page.keyboard.press('Enter');
  assert.match(await exitLine(command), /^exit 0/);
  await screenShows('got:yes');
});

test('in Agent mode the model\'s run_command asks first; Allow once runs it in the terminal and the turn completes', { skip }, async () => {
  await page.locator('[data-agent-mode="agent"]').click();
  await page.locator('[data-agent-mode="agent"][aria-pressed="true"]').waitFor({ timeout: 5000 });
  const status = await pageRpc(page, 'Exec.status');
  await stack.provider.queue([
    { text: 'Let me run it.', tool_calls: [{ id: 'call_1', name: 'run_command', arguments: JSON.stringify({ command: 'echo from-the-model' }) }] },
    { text: 'It printed from-the-model.' },
  ]);
  await send(page, 'Run the greeting.');
  const dialog = page.locator('[data-permission-dialog]');
  await dialog.waitFor({ timeout: 20000 });
  assert.equal(await dialog.locator('[data-permission-command]').innerText(), 'echo from-the-model');
  assert.deepEqual(await dialog.locator('[data-permission]').allInnerTexts(), ['Allow once', 'Always allow this command', 'Deny']);
  assert.equal(await dialog.locator('[data-no-sandbox]').count(), status.sandbox_available ? 0 : 1,
    `the dialog says whether a sandbox holds the command (${JSON.stringify(status)})`);
  // The call's card is live: it shows the call running while it waits for the user.
  await page.locator('ac-chat-message .msg.assistant.streaming [data-agent-step="call_1"][data-status="running"]',
    { hasText: 'running' }).waitFor({ timeout: 5000 });
  await shot(page, '92-terminal-permission');
  await dialog.locator('[data-permission="allow_once"]').click();
  await dialog.waitFor({ state: 'detached' });
  assert.match(await exitLine('echo from-the-model'), /^exit 0/);
  assert.equal(await row('echo from-the-model').getAttribute('data-origin'), 'model');
  await screenShows('from-the-model');
  const card = page.locator('ac-chat-message .msg.assistant', { hasText: 'It printed from-the-model.' });
  await card.locator('.turn-foot').waitFor({ timeout: 20000 });
  await card.locator('[data-agent-step][data-tool="run_command"][data-status="ok"]').waitFor({ timeout: 5000 });
  await shot(page, '93-terminal-model-command');
  assert.deepEqual(page.errors, [], 'no script errors');
});
