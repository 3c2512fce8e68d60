// The chat's message records: what the server's history messages become on
// screen, the parts of a system event, and which user message a cut-off
// answer's Retry sends again (issue 16). Pure: unit tested in
// tests/webapp/chat-messages.test.mjs.
//
//   messages = fromHistoryList(state.messages);   // fromHistory each, an Agent turn's records joined
//   retryTarget(messages, i)   // the user message before answer i, or null
//   eventParts(text)           // [{kind:'text', text}, {kind:'details', summary, text}]

import { agentFields } from './agent-steps.js';

// A history message (get_current_state, sessionChanged, compactionEvent
// "compacted") as the chat keeps it: system events and cut-off answers keep
// their marks, an Agent answer its tool calls (`steps`) and the limit that
// stopped it, the rest is dropped. The server keeps a system event as a user
// message (the reference's JSONL does); on screen, and for Retry, it is no
// question of the user's.
export function fromHistory(m) {
  const out = { role: m.system_event ? 'system' : m.role, content: m.content ?? '', images: m.images };
  if (m.system_event) out.systemEvent = true;
  if (m.cut_off) { out.cutOff = true; out.cutOffError = m.error ?? ''; }
  if (m.reasoning) out.thinking = m.reasoning;   // shown collapsed, as while it streamed
  // An answer's edit results and counts, when the history keeps them (the
  // contract asked of the llm plugin in issue 29): its edit cards show their
  // statuses again and the summary comes back. Without them cards say
  // "from history".
  if (m.role === 'assistant' && Array.isArray(m.edit_results)) {
    out.result = { edit_results: m.edit_results, shell_commands: m.shell_commands ?? [] };
    for (const k of ['passed', 'already_applied', 'failed', 'skipped', 'not_in_context']) out.result[k] = m[k] ?? 0;
  }
  if (m.role === 'assistant') Object.assign(out, undoFields(m), agentFields(m));
  return out;
}

// A history's messages as the chat shows them. The server records an Agent
// turn as one assistant message per model request whose tool calls ran
// (each with its `steps`, so a crash mid-turn loses none), then a closing
// one with the last request's text, the turn's edit results and its Undo,
// all under one turn_id. They are joined back into the one answer the turn
// streamed: its texts as paragraphs (as they streamed), its steps in order,
// the rest from the closing record, so the edit results line up with the
// edit blocks of all its texts and the turn has one Undo.
export function fromHistoryList(messages = []) {
  const out = [];
  for (const m of messages.map(fromHistory)) {
    const prev = out.at(-1);
    if (m.role === 'assistant' && m.turnId && prev?.role === 'assistant' && prev.turnId === m.turnId) out[out.length - 1] = joinAnswers(prev, m);
    else out.push(m);
  }
  return out;
}

function joinAnswers(a, b) {
  const joined = { ...b, content: [a.content, b.content].filter(Boolean).join('\n\n') };
  const steps = [...(a.steps ?? []), ...(b.steps ?? [])];
  if (steps.length) joined.steps = steps;
  const thinking = [a.thinking, b.thinking].filter(Boolean).join('\n\n');
  if (thinking) joined.thinking = thinking;
  if (!b.result && a.result) joined.result = a.result;
  return joined;
}

// An answer's turn and whether the server can still take its edits back
// (issue 29: acdc kept the files' earlier text). From a streamComplete
// result or a history message alike; the user message of a turn carries the
// same turn_id, so only answers get it.
export function undoFields(r = {}) {
  const out = {};
  if (r.turn_id) out.turnId = r.turn_id;
  if (r.undoable === true && r.turn_id) out.undoable = true;
  return out;
}

// A system event the server reported in a result (a commit, an undo), as
// the history shows it after a reload.
export function systemEvent(content) {
  return { role: 'system', systemEvent: true, content };
}

// A local line in the chat that is not part of the history: a refused send,
// a failed compaction. kind is 'error' or 'info'.
export function notice(content, kind = 'error') {
  return { role: 'system', notice: kind, content };
}

// The user message a cut-off answer at `index` answered: the nearest user
// message before it. Its text and the images it carried as data URIs (the
// ones a send can carry again).
export function retryTarget(messages, index) {
  for (let i = index - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'user') return { text: m.content ?? '', images: (m.images ?? []).filter((s) => typeof s === 'string' && s.startsWith('data:')) };
    if (m.role === 'assistant') return null;
  }
  return null;
}

// Retry is offered on the last answer only, when nothing streams: an earlier
// cut-off or failed answer was already followed by something.
export function retryIndex(messages, streaming) {
  if (streaming) return -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.notice) continue;
    return m.role === 'assistant' && (m.cutOff || m.error) && retryTarget(messages, i) ? i : -1;
  }
  return -1;
}

// A system event's text cut into markdown parts and <details> parts
// (§4.11's compaction event folds its summary in one). Only this structure is
// taken from the text; every part is still rendered as escaped markdown.
const DETAILS = /<details>\s*(?:<summary>([\s\S]*?)<\/summary>)?([\s\S]*?)<\/details>/g;

export function eventParts(text) {
  const parts = [];
  let at = 0;
  for (const m of (text ?? '').matchAll(DETAILS)) {
    if (m.index > at) parts.push({ kind: 'text', text: text.slice(at, m.index) });
    parts.push({ kind: 'details', summary: (m[1] ?? 'Details').trim(), text: m[2].trim() });
    at = m.index + m[0].length;
  }
  if (at < (text ?? '').length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts.filter((p) => p.kind === 'details' || p.text.trim());
}

// When "compacted" replaces the list while the next turn already streams,
// that turn (its user message and answer card) stays below the new history.
export function afterCompaction(history, current, streamingId) {
  const next = fromHistoryList(history);
  if (!streamingId) return next;
  const at = current.findIndex((m) => m.requestId === streamingId);
  if (at < 0) return next;
  let start = at > 0 && current[at - 1].role === 'user' ? at - 1 : at;
  // The server may have put that user message in the history already.
  const last = next.at(-1);
  if (start < at && last?.role === 'user' && last.content === current[start].content) start = at;
  return [...next, ...current.slice(start)];
}
