// An Agent turn's step cards: a step's second report (ok or error) replaces
// its "running" one in place, one still running at the turn's end is stopped, a tool call's arguments fit one line with the
// path first, a duration reads in ms, s or min, and a limit that stopped the
// turn is named; a result or a history message gives the same fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeStep, settleSteps, argumentsLine, formatDuration, stoppedLine, agentFields } from '../../webapp/src/core/agent-steps.js';

test('a finished step replaces its running report in place; a new id is appended', () => {
  const running = { id: 'call_1', step: 1, tool: 'read_file', arguments: { path: 'a.py' }, status: 'running' };
  let steps = mergeStep([], running);
  steps = mergeStep(steps, { id: 'call_2', step: 1, tool: 'read_file', arguments: { path: 'b.py' }, status: 'running' });
  steps = mergeStep(steps, { ...running, status: 'ok', summary: 'a.py: 2 lines', duration_ms: 3, result: 'x\ny\n' });
  assert.deepEqual(steps.map((s) => [s.id, s.status]), [['call_1', 'ok'], ['call_2', 'running']]);
  assert.equal(steps[0].summary, 'a.py: 2 lines');
  const before = [running];
  mergeStep(before, { ...running, status: 'error' });
  assert.equal(before[0].status, 'running', 'the list given is not changed');
  assert.equal(mergeStep(before, { tool: 'x' }), before, 'a step without an id is ignored');
});

test('a step still running when its turn ended says it was stopped; finished ones stay as they are', () => {
  const ok = { id: 'call_1', status: 'ok' }, error = { id: 'call_2', status: 'error' };
  assert.deepEqual(settleSteps([ok, error, { id: 'call_3', status: 'running' }]), [ok, error, { id: 'call_3', status: 'stopped' }]);
  assert.deepEqual(settleSteps(undefined), []);
});

test('the arguments line: the path with its line range, then key=value', () => {
  assert.equal(argumentsLine({ path: 'src/a.py' }), 'src/a.py');
  assert.equal(argumentsLine({ path: 'src/a.py', start_line: 10, end_line: 20 }), 'src/a.py:10-20');
  assert.equal(argumentsLine({ path: 'src/a.py', start_line: 10 }), 'src/a.py:10-');
  assert.equal(argumentsLine({ path: 'src/a.py', end_line: 5 }), 'src/a.py:1-5');
  assert.equal(argumentsLine({ pattern: 'def  main', glob: '*.py', max: 3 }), 'pattern="def main" glob="*.py" max=3');
  assert.equal(argumentsLine({ start_line: 4 }), 'start_line=4', 'a range without a path stays key=value');
  assert.equal(argumentsLine({}), '');
  assert.equal(argumentsLine(undefined), '');
});

test('long values and long lines are cut, with an ellipsis', () => {
  const line = argumentsLine({ path: 'a.py', text: 'x'.repeat(100) });
  assert.equal(line, `a.py text="${'x'.repeat(39)}…"`);
  assert.ok(argumentsLine({ a: 'x'.repeat(39), b: 'y'.repeat(39), c: 'z'.repeat(39) }).length <= 90);
  assert.equal(argumentsLine('{"path": "a.py"'), '{"path": "a.py"', 'arguments that did not parse are shown as they came');
});

test('durations in ms under a second, seconds under a minute, then minutes', () => {
  assert.equal(formatDuration(12), '12 ms');
  assert.equal(formatDuration(1250), '1.3 s');
  assert.equal(formatDuration(125000), '2 min 5 s');
  assert.equal(formatDuration(undefined), '');
});

test('the limit that stopped a turn is named', () => {
  assert.equal(stoppedLine('max_steps'), 'Stopped: step limit reached');
  assert.equal(stoppedLine('max_cost'), 'Stopped: cost limit reached');
  assert.equal(stoppedLine('max_seconds'), 'Stopped: time limit reached');
  assert.equal(stoppedLine('max_tool_output'), 'Stopped: tool output limit reached', 'a limit this page does not know');
  assert.equal(stoppedLine(undefined), '');
});

test('a result and a history message give the steps and the limit alike; an Ask answer gives none', () => {
  const steps = [{ id: 'call_1', tool: 'read_file', status: 'ok' }];
  assert.deepEqual(agentFields({ agent: true, steps, stopped_by: 'max_cost', response: 'x' }), { steps, stoppedBy: 'max_cost' });
  assert.deepEqual(agentFields({ role: 'assistant', content: 'x', steps }), { steps });
  assert.deepEqual(agentFields({ response: 'x' }), {});
  assert.deepEqual(agentFields(undefined), {});
});
