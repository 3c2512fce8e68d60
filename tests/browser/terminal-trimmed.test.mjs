// A host without the exec plugin (a trimmed build, or --plugins): the
// terminal says commands are not available in this build and why, an
// answer's shell commands are shown to copy with no Run, and nothing throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, builtPlugins, send, shot } from './support.mjs';

const plugins = builtPlugins().filter((p) => p !== 'exec');
const skip = !['repo', 'llm'].every((p) => plugins.includes(p)) && 'needs the repo and llm plugins';
let stack, page;
if (!skip) connectedStack({ plugins }, (s) => ({ stack, page } = s));

test('the terminal says commands are not available, and an answer\'s shell commands have no Run', { skip }, async () => {
  await page.locator('[data-action="terminal"]').click();
  const note = page.locator('ac-terminal-panel [data-unavailable="exec"]');
  await note.waitFor({ timeout: 10000 });
  assert.match(await note.innerText(), /^Commands are not available in this build\.[\s\S]*the exec plugin is not loaded/);
  assert.equal(await page.locator('[data-command-input]').count(), 0, 'nothing to type a command into');
  await shot(page, '94-terminal-trimmed');

  await stack.provider.queue([{ text: 'Try this:\n\n```bash\necho not-run-here\n```\n' }]);
  await send(page, 'How do I greet?');
  const block = page.locator('ac-chat-message .msg.assistant').last().locator('[data-shell-commands]');
  await block.waitFor({ timeout: 10000 });
  assert.equal(await block.locator('.label').innerText(), 'Shell commands (not run)');
  assert.equal(await block.locator('[data-action="run"]').count(), 0, 'no Run button');
  assert.equal(await block.locator('[data-copy]').count(), 1, 'Copy stays');
  assert.deepEqual(page.errors, [], 'no script errors');
});
