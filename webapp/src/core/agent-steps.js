// An Agent turn's tool calls as the chat shows them: the list a turn keeps
// while its steps arrive (each is sent once "running", then again with the
// same id when it ends), a tool call's arguments in one short line, its
// duration, and the line naming the limit that stopped the turn. Pure: unit
// tested in tests/webapp/agent-steps.test.mjs.
//
//   steps = mergeStep(steps, step)                    // replaced by id, or appended
//   steps = settleSteps(steps)                        // at the turn's end: running ones stopped
//   argumentsLine({path: 'src/a.py', start_line: 10, end_line: 20})   // 'src/a.py:10-20'
//   formatDuration(1250)                              // '1.3 s'
//   stoppedLine('max_steps')                          // 'Stopped: step limit reached'
//   Object.assign(message, agentFields(result))       // {steps, stoppedBy}, when the turn had them

// An Agent answer's steps and the limit that stopped it, from a
// streamComplete result or a history message alike (both carry `steps` and
// `stopped_by`); nothing for an Ask answer.
export function agentFields(r = {}) {
  const out = {};
  if (Array.isArray(r?.steps)) out.steps = r.steps;
  if (r?.stopped_by) out.stoppedBy = r.stopped_by;
  return out;
}

// A step's later report replaces its earlier one in place, so cards keep the
// order the calls were made in.
export function mergeStep(steps = [], step) {
  if (!step || step.id === undefined) return steps;
  const at = steps.findIndex((s) => s.id === step.id);
  if (at < 0) return [...steps, step];
  const next = [...steps];
  next[at] = { ...steps[at], ...step };
  return next;
}

// A turn that ended without its final list (stopped during a tool call, by
// a server that sent none) keeps its cards, and one still running says it
// was stopped rather than spin forever.
export function settleSteps(steps = []) {
  return steps.map((s) => (s.status === 'running' ? { ...s, status: 'stopped' } : s));
}

const MAX_VALUE = 40;
const MAX_LINE = 90;

const clip = (text, max) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function valueText(v) {
  if (typeof v === 'string') return JSON.stringify(clip(v.replace(/\s+/g, ' '), MAX_VALUE));
  return clip(JSON.stringify(v) ?? String(v), MAX_VALUE);
}

// The path first and bare, with its line range as an editor names one
// (`a.py:10-20`, `a.py:10-`); every other argument as key=value, long
// values cut. A model's arguments that were not an object (text that did
// not parse) are shown as they came, cut.
export function argumentsLine(args) {
  if (args === undefined || args === null) return '';
  if (typeof args !== 'object' || Array.isArray(args)) return clip(String(typeof args === 'string' ? args : JSON.stringify(args)), MAX_LINE);
  const { path, start_line: start, end_line: end, ...rest } = args;
  const parts = [];
  if (typeof path === 'string') {
    const range = start !== undefined || end !== undefined ? `:${start ?? 1}-${end ?? ''}` : '';
    parts.push(`${path}${range}`);
  } else {
    if (path !== undefined) rest.path = path;
    if (start !== undefined) rest.start_line = start;
    if (end !== undefined) rest.end_line = end;
  }
  for (const [k, v] of Object.entries(rest)) parts.push(`${k}=${valueText(v)}`);
  return clip(parts.join(' '), MAX_LINE);
}

export function formatDuration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

const LIMITS = { max_steps: 'step limit', max_cost: 'cost limit', max_seconds: 'time limit' };

// '' when nothing stopped the turn early.
export function stoppedLine(stoppedBy) {
  if (!stoppedBy) return '';
  return `Stopped: ${LIMITS[stoppedBy] ?? `${String(stoppedBy).replace(/^max_/, '').replace(/_/g, ' ')} limit`} reached`;
}
