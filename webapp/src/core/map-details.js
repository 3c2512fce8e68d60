// The Context tab's reading of the ranked symbol map (issue 26), from
// get_context_breakdown's breakdown.symbol_map_details: the budget and its
// use, how many indexed files are in the map in full, as a summary (their
// symbols' names), named in its outline or left out, and the files in the
// map grouped by why each is in. Pure: the
// component is components/context-map.js.
//
//   const s = mapSummary(details);  // {tokens, budget, share, complete, total, full, summary, outline, leftOut, indexing}
//                                   // indexing: the percent a first index has done, null once it is done
//   entryGroups(details.entries, 'reason')  // [{why:'mentioned', heading, entries}, ...]
//   entryGroups(details.entries, 'tokens')  // [{why:null, heading:null, entries}] largest first

// The reasons in the order a user reads them: what the conversation asked
// for first, then what surrounds it, then the stable core.
export const WHY = {
  mentioned: { label: 'mentioned', heading: 'Named in the message or history',
    title: 'The message or the recent history names this file' },
  neighbour: { label: 'neighbour', heading: 'Neighbours of selected or named files',
    title: 'It references, or is referenced by, a selected or named file' },
  ranked: { label: 'ranked', heading: 'Stable core: the most referenced files',
    title: 'Among the most central files of the reference graph; kept from turn to turn so the cache holds' },
  all: { label: 'all', heading: 'The whole map fits', title: 'The whole map fits the budget: every file is in full' },
};
const WHY_ORDER = Object.keys(WHY);

export const SORTS = [['reason', 'by reason'], ['path', 'by path'], ['tokens', 'by tokens']];

const num = (v) => (Number.isFinite(Number(v)) ? Number(v) : 0);

export function mapSummary(d) {
  const tokens = num(d?.tokens), budget = num(d?.budget_tokens);
  return { tokens, budget, share: budget ? Math.min(1, tokens / budget) : 0, complete: !!d?.complete,
    total: num(d?.files_total), full: num(d?.files_full), summary: num(d?.files_summary), outline: num(d?.files_outline),
    leftOut: num(d?.files_left_out), indexing: d?.indexing_percent == null ? null : num(d.indexing_percent) };
}

const byPath = (a, b) => a.path.localeCompare(b.path);

// `sort` 'reason': one group per reason present, in WHY's order (a reason
// this page does not know comes last, under its own name), each by path;
// 'path' or 'tokens': one group without a heading.
export function entryGroups(entries = [], sort = 'reason') {
  const list = entries.map((e) => ({ path: String(e.path ?? ''), why: String(e.why ?? 'ranked'), tokens: num(e.tokens),
    summary: e.level === 'summary' }));
  if (sort === 'path') return [{ why: null, heading: null, entries: list.sort(byPath) }];
  if (sort === 'tokens') return [{ why: null, heading: null, entries: list.sort((a, b) => b.tokens - a.tokens || byPath(a, b)) }];
  const groups = new Map();
  for (const e of list) (groups.get(e.why) ?? groups.set(e.why, []).get(e.why)).push(e);
  const rank = (why) => (WHY_ORDER.includes(why) ? WHY_ORDER.indexOf(why) : WHY_ORDER.length);
  return [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((why) => ({ why, heading: WHY[why]?.heading ?? why, entries: groups.get(why).sort(byPath) }));
}
