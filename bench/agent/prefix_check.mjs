// bench/agent/prefix_check.mjs -- checks the Agent loop's promise that each
// step's request is the previous request with the new messages appended,
// byte for byte (plugins/llm/src/agent/agent_loop.hpp): the previous body's
// text up to the end of its `messages` array, less the step marker on its
// last message (it moves to the new last message), must begin the next
// body, and what follows the array (the tools) must be the same bytes.
//
//   const verdict = checkPrefix(previousText, text, previousIsStep);
//   verdict.ok ? 'identical' : verdict.why
const MARKER = /,"cache_control":\{[^{}]*\}/g;
const TAIL = '],"tools":[';  // rapidjson writes model, stream, max_tokens, system, messages, tools

function around(text, at) {
  return JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
}

// The step marker on the previous body's last message, removed.
function withoutStepMarker(messages) {
  const lastMessage = messages.lastIndexOf('{"role":');
  const marks = [...messages.matchAll(MARKER)].filter((m) => m.index > lastMessage);
  const m = marks.at(-1);
  return m ? messages.slice(0, m.index) + messages.slice(m.index + m[0].length) : messages;
}

export function checkPrefix(previous, current, previousIsStep) {
  const endPrev = previous.lastIndexOf(TAIL), endCur = current.lastIndexOf(TAIL);
  if (endPrev < 0 || endCur < 0) return { ok: false, why: 'no "tools" after "messages": the body\'s layout changed' };
  const expected = previousIsStep ? withoutStepMarker(previous.slice(0, endPrev)) : previous.slice(0, endPrev);
  if (!current.startsWith(expected)) {
    let at = 0;
    while (at < expected.length && expected[at] === current[at]) ++at;
    return { ok: false, why: `differs at byte ${at} of ${expected.length}: before ${around(expected, at)}, now ${around(current, at)}` };
  }
  if (previous.slice(endPrev) !== current.slice(endCur)) return { ok: false, why: 'the tools (or what follows them) changed' };
  return { ok: true, why: 'identical' };
}

export const markerCount = (text) => (text.match(MARKER) ?? []).length;
