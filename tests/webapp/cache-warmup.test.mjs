// The cache warmer's line in the chat (issue 30, "a warm cache"): a live
// countdown the user can cancel, the warm-up while it runs, what it cost,
// why it stopped (briefly), and what a reloaded page picks up from the
// server's status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warmupInitial, warmupEvent, warmupFromStatus, warmupLine, warmupCostText, warmupTotalRow,
  secondsLeft, warmupAfterActivity, cancelsOnTyping, CANCELLED_SHOWN_MS } from '../../webapp/src/core/cache-warmup.js';

const T0 = 1_000_000;
const countdown = (seconds = 25) => warmupEvent(warmupInitial(), 'cacheWarmupCountdown',
  { seconds, fires_at_ms: 42, warmup: 2, max_warmups: 3 }, T0);

test('nothing shows before the server says anything', () => {
  assert.deepEqual(warmupLine(warmupInitial(), T0), { phase: 'none', text: '', cancellable: false });
});

test('a countdown counts down on this page\'s clock and can be cancelled', () => {
  const s = countdown(25);
  assert.deepEqual(warmupLine(s, T0), { phase: 'countdown', text: 'Keeping the cache warm in 25 s', cancellable: true });
  assert.equal(warmupLine(s, T0 + 1).text, 'Keeping the cache warm in 25 s', 'a part of a second left counts as a second');
  assert.equal(warmupLine(s, T0 + 10_000).text, 'Keeping the cache warm in 15 s');
  assert.equal(secondsLeft(s, T0 + 60_000), 0, 'a late page never shows a negative count');
});

test("the countdown ignores fires_at_ms, the server's clock", () => {
  assert.equal(countdown(30).deadline, T0 + 30_000);
});

test('a firing warm-up shows as such, with no Cancel', () => {
  const s = warmupEvent(countdown(), 'cacheWarmupFiring', { warmup: 2 }, T0 + 25_000);
  assert.deepEqual(warmupLine(s, T0 + 25_000), { phase: 'firing', text: 'Warming the cache…', cancellable: false });
});

test('a finished warm-up says which of how many, what it cost and what it read from the cache', () => {
  let s = warmupEvent(countdown(), 'cacheWarmupFiring', { warmup: 2 }, T0);
  s = warmupEvent(s, 'cacheWarmupComplete', { warmup: 2, cost_usd: 0.0012, session_warmup_cost_usd: 0.0024, next_in_seconds: 210,
    usage: { prompt_tokens: 41_210, cache_read_tokens: 41_200, cache_write_tokens: 0, completion_tokens: 1 } }, T0);
  assert.deepEqual(warmupLine(s, T0), { phase: 'done', text: 'warm-up 2/3: $0.0012, cache read 41,200 tokens', cancellable: false });
});

test('a warm-up of a model with no known price says so, never $0', () => {
  const s = warmupEvent(countdown(), 'cacheWarmupComplete', { warmup: 1, cost_usd: null, usage: { cache_read_tokens: 900 },
    session_warmup_cost_usd: null, next_in_seconds: null }, T0);
  assert.equal(warmupCostText(s), 'warm-up 1/3: price unknown, cache read 900 tokens');
});

test('a cancellation shows its reason for a while, then nothing', () => {
  const s = warmupEvent(countdown(), 'cacheWarmupCancelled', { reason: 'cancelled by the user' }, T0);
  assert.deepEqual(warmupLine(s, T0), { phase: 'cancelled', text: 'Cache warm-up stopped: cancelled by the user', cancellable: false });
  assert.equal(warmupLine(s, T0 + CANCELLED_SHOWN_MS).text, '');
  const limit = warmupEvent(s, 'cacheWarmupCancelled', { reason: 'the limit of 3 warm-ups was reached' }, T0);
  assert.match(warmupLine(limit, T0).text, /the limit of 3 warm-ups was reached$/);
});

test("a new turn ends a finished warm-up's line, and leaves a countdown to the server's own word", () => {
  const done = warmupEvent(countdown(), 'cacheWarmupComplete', { warmup: 3, cost_usd: 0.001, usage: {}, next_in_seconds: null }, T0);
  assert.equal(warmupLine(warmupAfterActivity(done), T0).text, '');
  const s = countdown();
  assert.equal(warmupAfterActivity(s), s);
});

test('typing cancels a countdown once, and nothing else', () => {
  assert.equal(cancelsOnTyping(countdown()), true);
  assert.equal(cancelsOnTyping({ ...countdown(), cancelling: true }), false, 'the next keystroke does not ask again');
  for (const type of ['cacheWarmupFiring', 'cacheWarmupComplete', 'cacheWarmupCancelled'])
    assert.equal(cancelsOnTyping(warmupEvent(countdown(), type, { usage: {} }, T0)), false, type);
  assert.equal(cancelsOnTyping(warmupInitial()), false);
});

test('an event this page does not know changes nothing', () => {
  const s = countdown();
  assert.equal(warmupEvent(s, 'cacheWarmupSomethingNew', {}, T0), s);
});

test('a reloaded page picks up a running countdown from the status, numbered after the warm-ups already made', () => {
  const s = warmupFromStatus({ enabled: true, state: 'countdown', seconds_remaining: 12, warmups: 1, max_warmups: 3,
    session_warmup_cost_usd: 0.0012, last_disabled_reason: null }, T0);
  assert.deepEqual(warmupLine(s, T0), { phase: 'countdown', text: 'Keeping the cache warm in 12 s', cancellable: true });
  assert.equal(s.warmup, 2);
  assert.equal(s.max, 3);
});

test('a reloaded page shows a firing warm-up, and nothing for off, idle or waiting', () => {
  assert.equal(warmupLine(warmupFromStatus({ state: 'firing', warmups: 1, max_warmups: 3 }, T0), T0).text, 'Warming the cache…');
  for (const state of ['off', 'idle', 'waiting'])
    assert.equal(warmupLine(warmupFromStatus({ state, seconds_remaining: state === 'waiting' ? 100 : null }, T0), T0).text, '', state);
  assert.equal(warmupLine(warmupFromStatus(null, T0), T0).text, '');
});

test("the session's warm-ups in the Context tab's totals: their cost, price unknown, or nothing", () => {
  assert.deepEqual(warmupTotalRow({ turns: 4, cost_usd: 0.02, warmups: 3, warmup_cost_usd: 0.0036 }),
    ['Cache warm-ups', '$0.0036 (3 warm-ups, counted in the cost)']);
  assert.deepEqual(warmupTotalRow({ warmups: 1, warmup_cost_usd: 0.0012 }), ['Cache warm-ups', '$0.0012 (1 warm-up, counted in the cost)']);
  assert.deepEqual(warmupTotalRow({ warmups: 2, warmup_cost_usd: null }), ['Cache warm-ups', '2 warm-ups: price unknown'],
    'never $0 for warm-ups with no price');
  assert.equal(warmupTotalRow({ turns: 2, warmups: 0, warmup_cost_usd: null }), null, 'no warm-ups, no row');
  assert.equal(warmupTotalRow({ turns: 2, cost_usd: 0.01 }), null, 'a server without a warmer says nothing about it');
  assert.equal(warmupTotalRow(undefined), null);
});
