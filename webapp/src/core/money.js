// Money as the chat and the Context tab show it (issue 30): a turn's cost,
// what the cache saved, and a session's sum. The server prices each turn
// (plugins/llm context/model_prices.hpp); a null cost means the model's price
// is unknown, which is said as such and never shown as $0. Pure:
// tests/webapp/money.test.mjs.
//
//   formatUsd(0.003975)            // '$0.003975'
//   cacheSaving(0.005025)          // 'cache saved $0.005025'
//   sessionCost({cost_usd: 0.01, unpriced_turns: 3})
//                                  // '$0.01 (not counting 3 turns: price unknown)'

// Cents from a dollar up; under a dollar up to four significant digits (at
// least cents): a cheap turn's cost is in its third decimal place or beyond,
// where a fixed "$0.00" would say nothing and "$0.0000" would say free.
// Exactly 0 (a model on this machine) is "$0".
export function formatUsd(usd) {
  if (usd == null || !Number.isFinite(Number(usd))) return null;
  const v = Number(usd), a = Math.abs(v), sign = v < 0 ? '-' : '';
  if (a === 0) return '$0';
  if (a >= 1) return `${sign}$${a.toFixed(2)}`;
  const digits = Math.min(20, 3 - Math.floor(Math.log10(a)));
  const text = a.toFixed(digits).replace(/0+$/, '').replace(/\.(\d)$/, '.$10');
  return `${sign}$${text}`;
}

// What the cache saved against sending the same tokens uncached; negative on
// a turn that mostly wrote to the cache (the writes' premium). Null when
// unknown or nothing.
export function cacheSaving(usd) {
  if (usd == null || !Number(usd)) return null;
  return usd > 0 ? `cache saved ${formatUsd(usd)}` : `cache writes cost ${formatUsd(-usd)} more`;
}

const turns = (n) => `${n} ${n === 1 ? 'turn' : 'turns'}`;

// The session's cost: the sum over its priced turns, saying how many turns
// it leaves out. Null before any turn (or from a server without prices).
export function sessionCost(t = {}) {
  const unpriced = Number(t.unpriced_turns ?? 0);
  const cost = formatUsd(t.cost_usd);
  if (!unpriced) return cost;
  return cost ? `${cost} (not counting ${turns(unpriced)}: price unknown)` : `${turns(unpriced)}: price unknown`;
}
