// The terminal's records of the commands the host runs (issue 39): a start,
// its output and its end make one record, output that comes first still
// finds its command, the page keeps the tail of a long output and the newest
// commands, a reconnect's Exec.list adds what runs and ends what ended
// meanwhile, and the exit line says how a command ended in a terminal's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { started, appended, exited, listed, runningCount, latestRun, exitLine, failed, originLabel, sandboxLabel,
  replayText, MAX_OUTPUT, MAX_COMMANDS } from '../../webapp/src/core/commands.js';

const info = (id, command = `cmd ${id}`, origin = 'user') => ({ id, command, cwd: '.', origin, sandbox: 'off' });

test('a start, its output and its end make one record; the list given is not changed', () => {
  const empty = [];
  let list = started(empty, info('c1', 'npm test'));
  list = appended(list, 'c1', 'ok 1\r\n');
  list = appended(list, 'c1', 'ok 2\r\n');
  assert.equal(runningCount(list), 1);
  list = exited(list, { id: 'c1', command: 'npm test', exit_code: 0, duration_ms: 12, output: 'ok 1\nok 2\n' });
  assert.deepEqual(empty, []);
  assert.equal(list.length, 1);
  const [c] = list;
  assert.equal(c.command, 'npm test');
  assert.equal(c.running, false);
  assert.equal(c.output, 'ok 1\r\nok 2\r\n', 'the stream, as it came');
  assert.equal(c.result.output, undefined, 'the answer\'s copy of the output is not kept twice');
  assert.equal(runningCount(list), 0);
});

test('output before its start, and an end never started, still make a record', () => {
  let list = appended([], 'c2', 'early');
  list = started(list, info('c2', 'make'));
  assert.deepEqual([list[0].command, list[0].output, list[0].running], ['make', 'early', true]);
  list = exited(list, { id: 'c9', command: 'ls', exit_code: 2, sandbox: 'read-only' });
  assert.deepEqual([list[1].command, list[1].sandbox, list[1].running], ['ls', 'read-only', false]);
  assert.equal(started(list, {}), list, 'nothing without an id');
});

test('the page keeps the tail of a long output, and says how much it dropped', () => {
  let list = started([], info('c3'));
  list = appended(list, 'c3', 'a'.repeat(MAX_OUTPUT));
  list = appended(list, 'c3', 'tail');
  assert.equal(list[0].output.length, MAX_OUTPUT);
  assert.ok(list[0].output.endsWith('tail'));
  assert.equal(list[0].dropped, 4);
  assert.match(replayText(list[0]), /^\x1b\[2m\[4 earlier characters not kept by this page\]\x1b\[0m\r\naaa/);
  assert.equal(replayText({ output: 'x', dropped: 0 }), 'x');
});

test('the newest commands are kept; running ones stay whatever their age', () => {
  let list = started([], info('old-running'));
  for (let i = 0; i < MAX_COMMANDS + 5; i++) list = exited(started(list, info(`c${i}`)), { id: `c${i}`, exit_code: 0 });
  assert.equal(list.length, MAX_COMMANDS);
  assert.equal(list[0].id, 'old-running');
  assert.equal(list.at(-1).id, `c${MAX_COMMANDS + 4}`);
  assert.equal(list[1].id, 'c6', 'the oldest finished went');
});

test('Exec.list on a reconnect adds the commands running and ends those that ended meanwhile', () => {
  let list = started(started([], info('gone')), info('still'));
  list = listed(list, [info('still'), info('new', 'sleep 30', 'model')]);
  assert.deepEqual(list.map((c) => [c.id, c.running]), [['gone', false], ['still', true], ['new', true]]);
  assert.equal(exitLine(list[0].result), 'ended while this page was not connected');
  assert.equal(list[2].origin, 'model');
  assert.match(replayText(appended(list, 'new', 'z')[2]), /^\x1b\[2m\[output from before this page connected is not shown\]\x1b\[0m\r\nz$/);
  assert.equal(list[1].joined, undefined, 'a command this page saw start has all its output');
});

test('the exit line: the exit code or the signal with the time, a timeout, and what was cut or killed', () => {
  assert.equal(exitLine({ exit_code: 0, duration_ms: 12 }), 'exit 0 in 12 ms');
  assert.equal(exitLine({ exit_code: 1, duration_ms: 1250 }), 'exit 1 in 1.3 s');
  assert.equal(exitLine({ exit_code: null, signal: 'SIGKILL', killed: true, duration_ms: 3100 }), 'killed in 3.1 s');
  assert.equal(exitLine({ exit_code: null, signal: 'SIGSEGV', duration_ms: 1000 }), 'ended by SIGSEGV in 1.0 s');
  assert.equal(exitLine({ exit_code: null, signal: 'SIGKILL', timed_out: true, message: 'killed after the 120 s timeout' }),
    'killed after the timeout');
  assert.equal(exitLine({ exit_code: 0, duration_ms: 5, cut_bytes: 4096, left_running_killed: 2 }),
    'exit 0 in 5 ms · output cut: 4096 bytes · 2 background processes killed');
  assert.equal(exitLine({ exit_code: 0, left_running_killed: 1 }), 'exit 0 · 1 background process killed');
  assert.equal(exitLine(undefined), '');
  assert.deepEqual([failed({ exit_code: 0 }), failed({ exit_code: 2 }), failed({ signal: 'SIGTERM' }), failed({ timed_out: true }),
    failed({ exit_code: 143, killed: true })], [false, true, true, true, true]);
});

test('who ran a command and in which sandbox, and the latest run of a command line', () => {
  assert.deepEqual([originLabel('user'), originLabel('model'), originLabel(undefined)], ['you', 'model', 'you']);
  assert.deepEqual([sandboxLabel('off'), sandboxLabel('workspace-write'), sandboxLabel('')], ['no sandbox', 'sandbox: workspace-write', '']);
  const list = [info('a', 'npm test'), info('b', 'ls'), info('c', 'npm test')].reduce(started, []);
  assert.equal(latestRun(list, 'npm test').id, 'c');
  assert.equal(latestRun(list, 'make'), null);
});
