// The Context tab's picture of the cache tiers (issue 16, acdc-features §4.7),
// computed from LLMService.get_context_breakdown: the prompt drawn from its
// start to its end, one row per tier (L0, L1, L2, L3, active) placed where the
// tier sits in the prompt and as wide as its share of the tokens, each row cut
// into its blocks. Also the words around it: the last turn's promotions and
// demotions, cache-hit rates, session totals. Pure: unit tested in
// tests/webapp/tiers.test.mjs.
//
//   const pic = tierPicture(breakdown);      // null from a server without tiers
//   pic.rows[0]  // {name:'L0', tokens, cached, x, width, blocks:[{name, tokens, x, width}], ...}
//   formatRate(0.873)                        // '87%'

import { formatUsd, sessionCost } from './money.js';
import { warmupTotalRow } from './cache-warmup.js';

export const TIER_ORDER = ['L0', 'L1', 'L2', 'L3', 'active'];

// A server before issue 16 has no blocks, or blocks without a tier: the tab
// then shows the flat breakdown alone.
export function hasTiers(d) {
  return Array.isArray(d?.blocks) && d.blocks.some((b) => TIER_ORDER.includes(b?.tier ?? b?.name));
}

const num = (v) => (Number.isFinite(Number(v)) ? Number(v) : 0);

// Rows in prompt order; x and width are fractions (0..1) of the prompt's
// tokens, so the rows together span the whole prompt once. A block's x and
// width are fractions of its row.
export function tierPicture(d) {
  if (!hasTiers(d)) return null;
  const byName = new Map(d.blocks.map((b) => [b.tier ?? b.name, b]));
  const tiers = TIER_ORDER.map((name) => byName.get(name) ?? { name, tokens: 0, contents: [] });
  const total = tiers.reduce((n, t) => n + num(t.tokens), 0);
  let at = 0, cachedTokens = 0;
  const rows = tiers.map((t, i) => {
    const tokens = num(t.tokens);
    const row = { name: TIER_ORDER[i], tokens, cached: !!t.cached, count: num(t.count ?? t.contents?.length),
      threshold: t.threshold ?? null, x: total ? at / total : 0, width: total ? tokens / total : 0,
      blocks: blocksOf(t.contents ?? [], tokens) };
    if (row.cached) cachedTokens += tokens;
    at += tokens;
    return row;
  });
  return { rows, total, cachedTokens, cachedShare: total ? cachedTokens / total : 0 };
}

function blocksOf(contents, rowTokens) {
  let at = 0;
  return contents.map((c) => {
    const tokens = num(c.tokens);
    const block = { name: c.name ?? c.path ?? '?', type: c.type ?? '', tokens, n: c.n ?? null,
      x: rowTokens ? at / rowTokens : 0, width: rowTokens ? tokens / rowTokens : 0 };
    at += tokens;
    return block;
  });
}

// The largest `limit` blocks of a row, for the line under its bar; the rest
// are counted, never dropped silently.
export function largestBlocks(row, limit = 6) {
  const sorted = [...row.blocks].sort((a, b) => b.tokens - a.tokens || a.name.localeCompare(b.name));
  return { shown: sorted.slice(0, limit), hidden: Math.max(0, sorted.length - limit) };
}

// 0..1 (or null before any turn) as a whole percentage; a rate that rounds to
// 0 or 100 but is not exactly that keeps one decimal, so "100%" means all.
export function formatRate(rate) {
  if (rate == null || !Number.isFinite(Number(rate))) return '—';
  const pct = Number(rate) * 100;
  const whole = Math.round(pct);
  if (whole === 0 && pct > 0) return `${(Math.ceil(pct * 10) / 10).toFixed(1)}%`;
  if (whole === 100 && pct < 100) return `${(Math.floor(pct * 10) / 10).toFixed(1)}%`;
  return `${whole}%`;
}

export function formatTokens(n) {
  return num(n).toLocaleString('en-US');
}

// {name, from, to} -> "file:src/a.py active → L3"
export function formatMove(m) {
  return `${m?.name ?? '?'} ${m?.from ?? '?'} → ${m?.to ?? '?'}`;
}

// The last turn's moves as lines: promotions first, each list in the order
// the server gave.
export function moveLines(d) {
  const lines = [];
  for (const m of d?.promotions ?? []) lines.push({ kind: 'promoted', text: formatMove(m) });
  for (const m of d?.demotions ?? []) lines.push({ kind: 'demoted', text: formatMove(m) });
  return lines;
}

// Session totals as [label, value] rows; reasoning only when there was some;
// the cost and what the cache saved when the server priced a turn, and how
// many turns it could not price (core/money.js), and the cache warm-ups'
// share of it (core/cache-warmup.js).
export function totalsRows(t) {
  if (!t || typeof t !== 'object') return [];
  const rows = [['Turns', formatTokens(t.turns)], ['Tokens in', formatTokens(t.prompt)], ['Tokens out', formatTokens(t.completion)]];
  if (num(t.reasoning)) rows.push(['Reasoning', formatTokens(t.reasoning)]);
  rows.push(['Cache read', formatTokens(t.cache_read)], ['Cache write', formatTokens(t.cache_write)]);
  const cost = sessionCost(t);
  if (cost) rows.push(['Cost', cost]);
  const warmups = warmupTotalRow(t);
  if (warmups) rows.push(warmups);
  const saved = num(t.cache_saved_usd);
  if (saved > 0) rows.push(['Cache saved', formatUsd(saved)]);
  else if (saved < 0) rows.push(['Cache writes cost extra', formatUsd(-saved)]);
  return rows;
}
