// Issue 30's warm cache in the browser: after an answer the chat's head counts
// down to a cache warm-up with a Cancel button, the warm-up reaches the
// provider and its cost shows (and joins the session's totals); Cancel or
// typing during the countdown stops it before any request is sent, and a
// reload during a countdown shows it again. The real host and the fake provider speaking
// Anthropic's wire format for a model the price table knows.
import { describe, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedStack, builtPlugins, send, shot, pageRpc, setAppSection } from './support.mjs';

const needed = ['llm', 'settings'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
const warmup = (interval, countdown) =>
  `cache_warmup:\n  enabled: true\n  interval_seconds: ${interval}\n  countdown_seconds: ${countdown}\n  max_warmups: 1\n`;
const STACK = { provider: 'anthropic', model: 'claude-sonnet-4-5' };

const ANSWER_USAGE = { input_tokens: 300, output_tokens: 40, cache_read_tokens: 0, cache_write_tokens: 2000 };
// 10 fresh, 2,000 read from the cache, 1 out at Sonnet's $3 / $0.30 / $15
// per million: $0.000645.
const WARMUP_USAGE = { input_tokens: 10, output_tokens: 1, cache_read_tokens: 2000, cache_write_tokens: 0 };
// The ping the warmer puts in place of the last message (plugins/llm cache_warmer.hpp).
const isWarmup = (r) => r.body.includes('cache warm-up');

// An answer, and when a warm-up is to be made its reply queued behind it (a
// warm-up that should not happen is in the fake's log all the same).
async function answer(stack, page, text, { warmupReply = false } = {}) {
  await stack.provider.queue([{ text, format: 'anthropic', usage: ANSWER_USAGE },
    ...(warmupReply ? [{ text: 'ok', format: 'anthropic', usage: WARMUP_USAGE }] : [])]);
  await send(page, `Say "${text}"`);
  await page.locator('ac-chat-message .msg.assistant', { hasText: text }).last().locator('.turn-foot').waitFor({ timeout: 10000 });
}


describe('a warm-up after an answer', { skip }, () => {
  let stack, page;
  if (!skip) connectedStack(STACK, (s) => ({ stack, page } = s));
  before(() => !skip && setAppSection(page, 'cache_warmup', warmup(3, 2)));

  test('counts down with a Cancel button, then reaches the provider and shows its cost', async () => {
    await answer(stack, page, 'Warm me.', { warmupReply: true });
    const countdown = page.locator('[data-cache-warmup="countdown"]');
    await countdown.locator('button[data-action="cancel-warmup"]').waitFor({ timeout: 15000 });
    assert.match(await countdown.locator('[data-warmup-text]').innerText(), /^Keeping the cache warm in \d+ s$/);
    const done = page.locator('[data-cache-warmup="done"] [data-warmup-text]');
    await done.waitFor({ timeout: 20000 });
    assert.equal(await done.innerText(), 'warm-up 1/1: $0.000645, cache read 2,000 tokens');
    await shot(page, '72-cache-warmup-cost');
    assert.equal((await stack.provider.requests()).filter(isWarmup).length, 1, 'one warm-up, the limit');
  });

  test("the Context tab counts the warm-up's cost in the session's", async () => {
    await page.locator('button[data-tab="context"]').click();
    const row = page.locator('[data-session-totals] tr[data-total="Cache warm-ups"] td');
    await row.waitFor({ timeout: 20000 }).catch(async (e) => {
      throw new Error(`${e.message}\nThe Context tab shows:\n${await page.locator('ac-context-tab').innerText()}`);
    });
    assert.equal(await row.innerText(), '$0.000645 (1 warm-up, counted in the cost)');
    await shot(page, '73-cache-warmup-session');
    assert.deepEqual(page.errors, []);
  });
});

describe('a warm-up cancelled during its countdown', { skip }, () => {
  let stack, page;
  // A countdown long enough to reload the page and click in, whatever the machine's load.
  const INTERVAL = 14, COUNTDOWN = 12;
  if (!skip) connectedStack(STACK, (s) => ({ stack, page } = s));
  before(() => !skip && setAppSection(page, 'cache_warmup', warmup(INTERVAL, COUNTDOWN)));

  test('a reload shows the running countdown; Cancel stops it and no warm-up reaches the provider', async () => {
    await answer(stack, page, 'Keep it cold.');
    const countdown = page.locator('[data-cache-warmup="countdown"]');
    await countdown.waitFor({ timeout: 15000 });
    const firesBy = Date.now() + COUNTDOWN * 1000;
    await page.reload();
    await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
    await countdown.locator('button[data-action="cancel-warmup"]').click({ timeout: 10000 });
    const cancelled = page.locator('[data-cache-warmup="cancelled"] [data-warmup-text]');
    await cancelled.waitFor({ timeout: 5000 });
    assert.equal(await cancelled.innerText(), 'Cache warm-up stopped: cancelled by the user');
    await shot(page, '74-cache-warmup-cancelled');
    assert.equal((await pageRpc(page, 'LLMService.get_cache_warmer_status')).state, 'idle');
    // Past the moment it would have fired, nothing was sent.
    await new Promise((r) => setTimeout(r, Math.max(0, firesBy - Date.now()) + 2000));
    assert.deepEqual((await stack.provider.requests()).filter(isWarmup), []);
  });

  test('typing in the chat during the countdown stops it, and says so', async () => {
    await answer(stack, page, 'Back soon.');
    const countdown = page.locator('[data-cache-warmup="countdown"]');
    await countdown.waitFor({ timeout: 15000 });
    const firesBy = Date.now() + COUNTDOWN * 1000;
    await page.locator('ac-chat-input textarea').pressSequentially('And n');
    const cancelled = page.locator('[data-cache-warmup="cancelled"] [data-warmup-text]');
    await cancelled.waitFor({ timeout: 5000 });
    assert.equal(await cancelled.innerText(), 'Cache warm-up stopped: you started typing');
    await shot(page, '75-cache-warmup-typing');
    assert.equal((await pageRpc(page, 'LLMService.get_cache_warmer_status')).state, 'idle');
    await new Promise((r) => setTimeout(r, Math.max(0, firesBy - Date.now()) + 2000));
    assert.deepEqual((await stack.provider.requests()).filter(isWarmup), []);
    assert.deepEqual(page.errors, []);
  });
});
