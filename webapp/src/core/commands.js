// The shell commands the host runs, the model's and the user's, as the
// terminal panel and an answer's shell block show them (issue 39): one record
// per command, built from AcApp.commandStarted, commandOutput and
// commandExited and from Exec.list on a (re)connect, and the lines that say
// who ran it, in which sandbox, and how it ended. Pure: unit tested in
// tests/webapp/commands.test.mjs.
//
//   list = started(list, {id: 'c3', command: 'npm test', origin: 'user', sandbox: 'off'})
//   list = appended(list, 'c3', 'ok\r\n')           // record.output grows, its head cut past MAX_OUTPUT
//   list = exited(list, {id: 'c3', exit_code: 0, duration_ms: 12})
//   exitLine(list[0].result)                         // 'exit 0 in 12 ms'
//   latestRun(list, 'npm test')                      // the newest record of that command line

import { formatDuration } from './agent-steps.js';

// The page keeps the tail of each command's output (the host keeps it all
// until the command ends, then its head and tail) and the newest commands:
// a build's log of megabytes or a model that runs hundreds of commands must
// not grow the page without bound.
export const MAX_OUTPUT = 256 * 1024;
export const MAX_COMMANDS = 100;

function put(list, id, patch) {
  const at = list.findIndex((c) => c.id === id);
  if (at < 0) return bounded([...list, { id, command: '', origin: 'user', sandbox: '', running: true, output: '', dropped: 0, ...patch }]);
  const next = [...list];
  next[at] = { ...list[at], ...patch };
  return next;
}

// The oldest finished commands go first; running ones stay whatever their age.
function bounded(list) {
  let extra = list.length - MAX_COMMANDS;
  if (extra <= 0) return list;
  return list.filter((c) => c.running || extra-- <= 0);
}

// Output can come before its commandStarted (a page that connected
// mid-command): the record is made then, and the start fills it in.
export function started(list, info = {}) {
  const { id, command = '', cwd = '', origin = 'user', sandbox = '' } = info;
  if (id === undefined) return list;
  return put(list, id, { command, cwd, origin, sandbox, running: true });
}

export function appended(list, id, text) {
  if (id === undefined || !text) return list;
  const old = list.find((c) => c.id === id);
  let output = (old?.output ?? '') + text;
  let dropped = old?.dropped ?? 0;
  if (output.length > MAX_OUTPUT) {
    dropped += output.length - MAX_OUTPUT;
    output = output.slice(-MAX_OUTPUT);
  }
  return put(list, id, { output, dropped });
}

export function exited(list, result = {}) {
  if (result.id === undefined) return list;
  const known = list.some((c) => c.id === result.id);
  const kept = { ...result };
  delete kept.output;
  return put(list, result.id, { ...(known ? {} : { command: result.command ?? '', sandbox: result.sandbox ?? '' }),
    running: false, result: kept });
}

// Exec.list on a (re)connect: the commands running now. One this page took
// for running that is not among them ended while the page was away, and its
// commandExited went with the old connection.
export function listed(list, running = []) {
  let next = list;
  for (const info of running) {
    const joined = !next.some((c) => c.id === info.id);
    next = started(next, info);
    if (joined) next = put(next, info.id, { joined: true });
  }
  const now = new Set(running.map((c) => c.id));
  for (const c of next)
    if (c.running && !now.has(c.id)) next = exited(next, { id: c.id, message: 'ended while this page was not connected' });
  return next;
}

export const runningCount = (list) => list.filter((c) => c.running).length;

export function latestRun(list, command) {
  for (let i = list.length - 1; i >= 0; i--) if (list[i].command === command) return list[i];
  return null;
}

export const originLabel = (origin) => (origin === 'model' ? 'model' : 'you');

export function sandboxLabel(sandbox) {
  if (!sandbox) return '';
  return sandbox === 'off' ? 'no sandbox' : `sandbox: ${sandbox}`;
}

// How a command ended, in the words of a terminal: 'exit 0 in 12 ms',
// 'killed in 3.1 s' (Kill), 'ended by SIGSEGV in 1.0 s', 'killed after the
// timeout', and what was lost on the way. The host's own sentence
// (`message`) is the fallback, and the panel's tooltip.
export function exitLine(result) {
  if (!result) return '';
  const took = formatDuration(result.duration_ms);
  const after = took ? ` in ${took}` : '';
  let how;
  if (result.timed_out) how = 'killed after the timeout';
  else if (result.killed) how = `killed${after}`;
  else if (result.signal) how = `ended by ${result.signal}${after}`;
  else if (typeof result.exit_code === 'number') how = `exit ${result.exit_code}${after}`;
  else how = result.message || 'ended';
  const parts = [how];
  if (result.cut_bytes > 0) parts.push(`output cut: ${result.cut_bytes} bytes`);
  const left = result.left_running_killed;
  if (left > 0) parts.push(`${left} background process${left === 1 ? '' : 'es'} killed`);
  return parts.join(' · ');
}

// A failed command is one a user would look at twice: a non-zero exit, a
// signal, a kill or a timeout.
export function failed(result) {
  return !!result && (result.timed_out || result.killed || !!result.signal ||
    (typeof result.exit_code === 'number' && result.exit_code !== 0));
}

// What a terminal opened on the command shows first: its output so far,
// after a dim line saying what of its start the page does not have.
export function replayText(command) {
  const missing = command?.joined ? 'output from before this page connected is not shown'
    : command?.dropped ? `${command.dropped} earlier characters not kept by this page` : '';
  return `${missing ? `\x1b[2m[${missing}]\x1b[0m\r\n` : ''}${command?.output ?? ''}`;
}
