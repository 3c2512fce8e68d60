// Issue 30 in the browser: each answer's cost at the model's list price and
// what the cache saved, and the session's in the Context tab, against the
// real host and the fake provider speaking Anthropic's wire format for a
// model the price table knows. (A model it does not know on the fake
// provider, which is on loopback as Ollama would be, costs $0:
// chat-complete.test.mjs. "price unknown" needs a remote endpoint, so it is
// tested on core/money.js and core/turn-usage.js in tests/webapp/.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, builtPlugins, send, shot } from './support.mjs';

const needed = ['llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
let stack, page;
if (!skip) connectedStack({ provider: 'anthropic', model: 'claude-sonnet-4-5' }, (s) => ({ stack, page } = s));

// 300 fresh, 2,000 read from the cache, 500 written to it, 40 out, at
// Sonnet's $3 / $0.30 / $3.75 / $15 per million: $0.003975; the same input
// uncached would have cost $0.005025 more.
const USAGE = { input_tokens: 300, output_tokens: 40, cache_read_tokens: 2000, cache_write_tokens: 500 };

async function answer(text, question) {
  await stack.provider.queue([{ text, format: 'anthropic', usage: USAGE }]);
  await send(page, question);
  const last = page.locator('ac-chat-message .msg.assistant', { hasText: text }).last();
  await last.locator('.turn-foot').waitFor({ timeout: 10000 });
  return last.locator('[data-usage]').innerText();
}

const total = (label) => page.locator(`[data-session-totals] tr[data-total="${label}"] td`);

test("an answer shows its cost at the model's price and what the cache saved", { skip }, async () => {
  const usage = await answer('Priced.', 'What does this cost?');
  assert.match(usage, /^in 2,800 · out 40 · cache hit 71% · cache write 500 · \$0\.003975 · cache saved \$0\.005025$/, usage);
  await shot(page, '70-answer-cost');
});

test("the Context tab shows the session's cost and what the cache saved, summed over its turns", { skip }, async () => {
  await answer('Priced again.', 'And this one?');
  await page.locator('button[data-tab="context"]').click();
  // The tab reads the breakdown when it opens; the second turn is in it.
  await page.locator('[data-session-totals] tr[data-total="Turns"] td', { hasText: '2' }).waitFor({ timeout: 5000 });
  assert.equal(await total('Cost').innerText(), '$0.00795');
  assert.equal(await total('Cache saved').innerText(), '$0.01005');
  await shot(page, '71-session-cost');
  assert.deepEqual(page.errors, []);
});
