// The cache warmer as the chat shows it (issue 30, "a warm cache"): what the
// server's AcApp.cacheWarmup* events and LLMService.get_cache_warmer_status
// say, folded into one state, and that state's line. Pure (the clock is an
// argument): tests/webapp/cache-warmup.test.mjs. The element is
// components/cache-warmup.js.
//
//   let s = warmupInitial();
//   s = warmupEvent(s, 'cacheWarmupCountdown', { seconds: 30, warmup: 1, max_warmups: 3 }, Date.now());
//   warmupLine(s, Date.now())   // { text: 'Keeping the cache warm in 30 s', cancellable: true }

import { formatUsd } from './money.js';

// Typing in the chat stops a countdown: the user is back, and the message
// they are writing will read the cache anyway. The server says this reason
// back in cacheWarmupCancelled.
export const TYPING_REASON = 'you started typing';

// Whether a keystroke in the chat should cancel: only during a countdown
// (before it the warm-up is minutes away and the message will come first; a
// warm-up already firing is past stopping).
export function cancelsOnTyping(state) {
  return state.phase === 'countdown' && !state.cancelling;
}

// How long a cancellation's reason stays before the line is empty again.
export const CANCELLED_SHOWN_MS = 8000;

// phase: 'none' | 'countdown' | 'firing' | 'done' | 'cancelled'.
export function warmupInitial() {
  return { phase: 'none' };
}

const count = (n) => (Number.isFinite(Number(n)) && n !== null ? Number(n) : null);

// The countdown runs to a deadline on this page's clock, from the seconds the
// server gave and the moment they arrived: `fires_at_ms` is the server's
// clock, which a browser on another machine need not share.
function deadline(seconds, now) {
  return now + Math.max(0, count(seconds) ?? 0) * 1000;
}

// The state after one of the server's four events; an unknown type changes nothing.
export function warmupEvent(state, type, p = {}, now) {
  switch (type) {
    case 'cacheWarmupCountdown':
      return { phase: 'countdown', deadline: deadline(p.seconds, now), warmup: count(p.warmup), max: count(p.max_warmups) };
    case 'cacheWarmupFiring':
      return { phase: 'firing', warmup: count(p.warmup) ?? state.warmup ?? null, max: state.max ?? null };
    case 'cacheWarmupComplete':
      return { phase: 'done', warmup: count(p.warmup) ?? state.warmup ?? null, max: state.max ?? null,
        usage: p.usage ?? {}, cost: p.cost_usd ?? null, next: count(p.next_in_seconds) };
    case 'cacheWarmupCancelled':
      return { phase: 'cancelled', reason: p.reason || 'cancelled', until: now + CANCELLED_SHOWN_MS };
    default:
      return state;
  }
}

// A new turn or another session: the warmer starts over after the answer
// (and says so when it stopped a countdown), so a finished warm-up's line,
// which no event ends once the last one is made, goes.
export function warmupAfterActivity(state) {
  return state.phase === 'done' ? warmupInitial() : state;
}

// The state a (re)loaded page starts from: a countdown or a warm-up under
// way shows; anything else (off, idle, waiting for the user to go idle long
// enough) shows nothing.
export function warmupFromStatus(status, now) {
  const s = status ?? {};
  const max = count(s.max_warmups);
  // During a countdown `warmups` counts those already made; the coming one is the next.
  if (s.state === 'countdown' && count(s.seconds_remaining) !== null)
    return { phase: 'countdown', deadline: deadline(s.seconds_remaining, now), warmup: (count(s.warmups) ?? 0) + 1, max };
  if (s.state === 'firing') return { phase: 'firing', warmup: count(s.warmups), max };
  return warmupInitial();
}

// Whole seconds until the countdown's warm-up, never below 0.
export function secondsLeft(state, now) {
  return Math.max(0, Math.ceil((state.deadline - now) / 1000));
}

const tokens = (n) => Number(n ?? 0).toLocaleString('en-US');
const ordinal = (s) => (s.warmup ? ` ${s.warmup}${s.max ? `/${s.max}` : ''}` : '');

// "warm-up 2/3: $0.0012, cache read 41,200 tokens"; a null cost is a model
// with no known price, said as such (core/money.js), never $0.
export function warmupCostText(s) {
  const cost = formatUsd(s.cost) ?? 'price unknown';
  return `warm-up${ordinal(s)}: ${cost}, cache read ${tokens(s.usage?.cache_read_tokens)} tokens`;
}

// What the chat's head shows: { text, cancellable, phase }, text '' for nothing.
export function warmupLine(state, now) {
  switch (state.phase) {
    case 'countdown':
      return { phase: 'countdown', text: `Keeping the cache warm in ${secondsLeft(state, now)} s`, cancellable: true };
    case 'firing':
      return { phase: 'firing', text: 'Warming the cache…', cancellable: false };
    case 'done':
      return { phase: 'done', text: warmupCostText(state), cancellable: false };
    case 'cancelled':
      if (now < state.until) return { phase: 'cancelled', text: `Cache warm-up stopped: ${state.reason}`, cancellable: false };
      return { phase: 'none', text: '', cancellable: false };
    default:
      return { phase: 'none', text: '', cancellable: false };
  }
}

// The session's warm-ups in the Context tab's totals (get_context_breakdown's
// session_totals, whose cost and token sums include them): ['Cache warm-ups',
// '$0.0036 (3 warm-ups, counted in the cost)'], or null before any (and from
// a server without a warmer). A null cost is a model with no known price.
export function warmupTotalRow(t) {
  const n = count(t?.warmups);
  if (!n) return null;
  const cost = formatUsd(t.warmup_cost_usd);
  return ['Cache warm-ups', cost ? `${cost} (${n} ${n === 1 ? 'warm-up' : 'warm-ups'}, counted in the cost)`
    : `${n} ${n === 1 ? 'warm-up' : 'warm-ups'}: price unknown`];
}
