// What an answer's foot says about its turn (issue 29): the edit summary,
// and tokens, the cache hit (the share of the input read from the provider's
// cache), the cost and what the cache saved (issue 30; "price unknown" when
// the server has no price for the model). Pure: tests/webapp/turn-usage.test.mjs.
//
//   editSummary({passed: 2, failed: 1})   // '2 applied · 1 failed'
//   usageParts(token_usage)               // ['in 1,200', 'out 80', 'cache hit 75%', '$0.0123']

import { formatUsd, cacheSaving } from './money.js';

const EDIT_COUNTS = [['passed', 'applied'], ['already_applied', 'already applied'], ['failed', 'failed'],
  ['skipped', 'skipped'], ['not_in_context', 'not in context']];

export function editSummary(r = {}) {
  return EDIT_COUNTS.filter(([k]) => r[k]).map(([k, label]) => `${r[k]} ${label}`).join(' · ');
}

// cache_read_tokens / prompt_tokens, as a whole percent; null without input.
export function cacheHitPercent(u = {}) {
  const input = u.prompt_tokens ?? 0;
  if (!input) return null;
  return Math.round(Math.min(1, (u.cache_read_tokens ?? 0) / input) * 100);
}

const count = (n) => Number(n ?? 0).toLocaleString('en-US');

// Empty when the turn used no tokens (an error before the provider answered):
// "in 0 · out 0" says nothing.
export function usageParts(u) {
  if (!u || (!u.prompt_tokens && !u.completion_tokens)) return [];
  const parts = [`in ${count(u.prompt_tokens)}`, `out ${count(u.completion_tokens)}`];
  const hit = cacheHitPercent(u);
  if (hit !== null) parts.push(`cache hit ${hit}%`);
  if (u.cache_write_tokens) parts.push(`cache write ${count(u.cache_write_tokens)}`);
  if (u.reasoning_tokens) parts.push(`reasoning ${count(u.reasoning_tokens)}`);
  // null is the server saying it has no price for the model; a server
  // older than prices sends no field at all, and nothing is said.
  if (u.cost_usd === null) parts.push('price unknown');
  else if (u.cost_usd !== undefined) parts.push(formatUsd(u.cost_usd));
  const saved = cacheSaving(u.cache_saved_usd);
  if (saved) parts.push(saved);
  return parts;
}
