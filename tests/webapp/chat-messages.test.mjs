// The chat's records for issue 16: history messages keep their system-event
// and cut-off marks, Retry finds the question a cut-off answer answered and is
// offered on the last answer only, a system event's <details> becomes a fold,
// and a compaction that lands while the next turn streams keeps that turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHistory, fromHistoryList, notice, retryTarget, retryIndex, eventParts, afterCompaction, undoFields, systemEvent } from '../../webapp/src/core/chat-messages.js';

test('history messages keep the system-event and cut-off marks', () => {
  assert.deepEqual(fromHistory({ role: 'system', content: '**History compacted**', system_event: true }),
    { role: 'system', content: '**History compacted**', images: undefined, systemEvent: true });
  assert.equal(fromHistory({ role: 'user', content: '**History compacted**', system_event: true }).role, 'system',
    'a system event the server keeps as a user message is shown as a system event');
  assert.deepEqual(fromHistory({ role: 'assistant', content: 'Half an ans', cut_off: true, error: 'connection reset' }),
    { role: 'assistant', content: 'Half an ans', images: undefined, cutOff: true, cutOffError: 'connection reset' });
  assert.deepEqual(fromHistory({ role: 'user', content: 'hi', extra: 1 }), { role: 'user', content: 'hi', images: undefined });
});

test("an answer keeps its turn, and Undo while the server says it can still take the edits back (issue 29)", () => {
  const answer = fromHistory({ role: 'assistant', content: 'Fixed.', turn_id: 'turn_1_ab', undoable: true });
  assert.equal(answer.turnId, 'turn_1_ab');
  assert.equal(answer.undoable, true);
  const done = fromHistory({ role: 'assistant', content: 'Fixed.', turn_id: 'turn_1_ab' });
  assert.equal(done.undoable, undefined, 'undone already, or never applied: no Undo after a reload');
  assert.deepEqual(fromHistory({ role: 'user', content: 'Fix it', turn_id: 'turn_1_ab' }),
    { role: 'user', content: 'Fix it', images: undefined }, "the question shares the turn's id; only its answer is undone");
  assert.deepEqual(undoFields({ turn_id: 'turn_2_cd', undoable: true, passed: 1 }), { turnId: 'turn_2_cd', undoable: true });
  assert.deepEqual(undoFields({ undoable: true }), {}, 'nothing to name in the call without a turn id');
  assert.deepEqual(undoFields(undefined), {});
});

test('an Agent answer keeps its tool calls and the limit that stopped it; a question gets neither', () => {
  const steps = [{ id: 'call_1', step: 1, tool: 'read_file', arguments: { path: 'a.py' }, status: 'ok', summary: 'a.py: 2 lines' }];
  const answer = fromHistory({ role: 'assistant', content: 'Done.', steps, stopped_by: 'max_steps' });
  assert.deepEqual(answer.steps, steps);
  assert.equal(answer.stoppedBy, 'max_steps');
  assert.equal(fromHistory({ role: 'user', content: 'Go', steps }).steps, undefined);
});

test("an Agent turn's records (one per request whose tools ran, then the closing one) are one answer again", () => {
  const read = { id: 'call_1', step: 1, tool: 'read_file', arguments: { path: 'a.py' }, status: 'ok' };
  const grep = { id: 'call_2', step: 2, tool: 'grep', arguments: { pattern: 'x' }, status: 'error' };
  const edit = { file: 'a.py', status: 'applied' };
  const list = fromHistoryList([
    { role: 'user', content: 'Fix a.py', turn_id: 't1' },
    { role: 'assistant', content: 'Reading a.py.', turn_id: 't1', steps: [read], undoable: true },
    { role: 'assistant', content: '', turn_id: 't1', steps: [grep], undoable: true },
    { role: 'assistant', content: 'Fixed.', turn_id: 't1', edit_results: [edit], passed: 1, undoable: true, stopped_by: 'max_cost' },
    { role: 'user', content: 'Thanks', turn_id: 't2' },
    { role: 'assistant', content: 'Welcome.', turn_id: 't2' },
  ]);
  assert.deepEqual(list.map((m) => m.role), ['user', 'assistant', 'user', 'assistant']);
  const answer = list[1];
  assert.equal(answer.content, 'Reading a.py.\n\nFixed.', 'the texts as paragraphs, as they streamed');
  assert.deepEqual(answer.steps, [read, grep], 'every step, in order');
  assert.deepEqual(answer.result.edit_results, [edit], 'the edit results of the closing record');
  assert.equal(answer.undoable, true);
  assert.equal(answer.turnId, 't1');
  assert.equal(answer.stoppedBy, 'max_cost');
  assert.equal(list[3].content, 'Welcome.');
});

test('answers of different turns, or without a turn id, stay apart', () => {
  const list = fromHistoryList([
    { role: 'assistant', content: 'One.', turn_id: 't1' },
    { role: 'assistant', content: 'Two.', turn_id: 't2' },
    { role: 'assistant', content: 'Three.' },
    { role: 'assistant', content: 'Four.' },
  ]);
  assert.deepEqual(list.map((m) => m.content), ['One.', 'Two.', 'Three.', 'Four.']);
  assert.deepEqual(fromHistoryList(undefined), []);
});

test("a result's system event (a commit, an undo) is shown as the history shows it", () => {
  assert.deepEqual(systemEvent('**Undid an answer\'s edits**: restored src/a.py.'),
    { role: 'system', systemEvent: true, content: '**Undid an answer\'s edits**: restored src/a.py.' });
});

const chat = [
  { role: 'user', content: 'first', images: ['data:image/png;base64,AA', 'images/ref.png'] },
  { role: 'assistant', content: 'cut', cutOff: true },
  { role: 'user', content: 'second' },
  { role: 'assistant', content: 'also cut', cutOff: true },
];

test('Retry sends the question before the cut-off answer, with the images a send can carry', () => {
  assert.deepEqual(retryTarget(chat, 1), { text: 'first', images: ['data:image/png;base64,AA'] });
  assert.deepEqual(retryTarget(chat, 3), { text: 'second', images: [] });
  assert.equal(retryTarget([{ role: 'assistant', content: 'x' }, { role: 'assistant', content: 'y', cutOff: true }], 1), null);
});

test('Retry is offered on the last answer only, never while a stream runs; a notice after it does not count', () => {
  assert.equal(retryIndex(chat, false), 3);
  assert.equal(retryIndex(chat, true), -1);
  assert.equal(retryIndex(chat.slice(0, 3), false), -1, 'a cut-off answer already followed by a question');
  assert.equal(retryIndex([...chat, notice('Compaction failed: boom')], false), 3);
  assert.equal(retryIndex([...chat.slice(0, 3), { role: 'assistant', content: 'whole' }], false), -1);
});

test("a system event's <details> becomes a fold with its summary; the rest stays markdown", () => {
  const text = '**History compacted** — summarize\n\nBoundary reason: topic changed\n\nRemoved 14 messages • 25310 → 4120 tokens\n\n' +
    '<details>\n<summary>Summary</summary>\n\nThe user asked for <b>x</b>.\n\n</details>\n';
  assert.deepEqual(eventParts(text), [
    { kind: 'text', text: '**History compacted** — summarize\n\nBoundary reason: topic changed\n\nRemoved 14 messages • 25310 → 4120 tokens\n\n' },
    { kind: 'details', summary: 'Summary', text: 'The user asked for <b>x</b>.' },
  ]);
  assert.deepEqual(eventParts('plain'), [{ kind: 'text', text: 'plain' }]);
  assert.deepEqual(eventParts('<details>no summary</details>'), [{ kind: 'details', summary: 'Details', text: 'no summary' }]);
});

test('compacted while the next turn streams: the new history, then that turn', () => {
  const history = [{ role: 'system', content: 'compacted', system_event: true }, { role: 'user', content: 'q1' }, { role: 'assistant', content: 'a1' }];
  const current = [{ role: 'user', content: 'old' }, { role: 'assistant', content: 'a1' },
    { role: 'user', content: 'q2' }, { role: 'assistant', content: '…', streaming: true, requestId: 'r2' }];
  assert.deepEqual(afterCompaction(history, current, null).map((m) => m.content), ['compacted', 'q1', 'a1']);
  assert.deepEqual(afterCompaction(history, current, 'r2').map((m) => m.content), ['compacted', 'q1', 'a1', 'q2', '…']);
  const withQ2 = [...history, { role: 'user', content: 'q2' }];
  assert.deepEqual(afterCompaction(withQ2, current, 'r2').map((m) => m.content), ['compacted', 'q1', 'a1', 'q2', '…'],
    'not twice when the server already has the question');
});

test('an answer the history keeps with its edit results shows them again (issue 29)', () => {
  const m = fromHistory({ role: 'assistant', content: 'done', passed: 1, failed: 1,
    edit_results: [{ file: 'a.py', status: 'applied' }, { file: 'b.py', status: 'failed', message: 'no match' }] });
  assert.deepEqual(m.result.edit_results.map((r) => r.status), ['applied', 'failed']);
  assert.equal(m.result.passed, 1);
  assert.equal(m.result.failed, 1);
  assert.equal(fromHistory({ role: 'assistant', content: 'x' }).result, undefined, 'none kept: no result');
});

test('a failed answer, last, offers Retry as a cut-off one does', () => {
  const msgs = [{ role: 'user', content: 'q' }, { role: 'assistant', content: '', error: { kind: 'timeout' } }];
  assert.equal(retryIndex(msgs, false), 1);
  assert.equal(retryIndex([...msgs, { role: 'user', content: 'again' }, { role: 'assistant', content: 'ok' }], false), -1);
});
