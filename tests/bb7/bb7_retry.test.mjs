// The single (search_replace) and anchored diff modes (bb7.md §8) and the
// hidden repair retry (§7.7, auto_retry_partial_edits) through a whole
// `send` against the fake provider: a diff error is sent back to the model
// once, with the errors in @retry_context; a good repair ends with done and
// the right output, a second failure with diff_error naming both rounds.
// Then the client's own retry (§7.6): the next send carries retry_context.
import { test, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { Bb7, makeEnv, sse } from './bb7_client.mjs';

const fake = await startFakeProvider();
const backends = new Map();  // diff_mode -> {bb7, env}: the config is read once per process (§6)

after(async () => {
  for (const { bb7 } of backends.values()) await bb7.close();
  await fake.stop();
});

beforeEach(async () => {
  await fake.reset();
});

// A fresh chat in a backend whose config.json has this diff_mode and the hidden retry on.
async function chatIn(diffMode) {
  if (!backends.has(diffMode)) {
    const env = makeEnv({ baseUrl: fake.baseUrl, config: { diff_mode: diffMode, auto_retry_partial_edits: true } });
    const bb7 = await Bb7.start(env);
    await bb7.ok({ action: 'bb7_init', project_root: env.project });
    await bb7.ok({ action: 'init', project_root: env.project });
    backends.set(diffMode, { bb7, env });
  }
  const { bb7, env } = backends.get(diffMode);
  const id = (await bb7.ok({ action: 'chat_new' })).id;
  const dir = join(env.project, '.bb7', 'chats', id);
  return {
    bb7,
    chat: () => JSON.parse(readFileSync(join(dir, 'chat.json'), 'utf8')),
    output: (path) => readFileSync(join(dir, 'output', path), 'utf8'),
    outputs: () => readdirSync(join(dir, 'output'), { recursive: true }),
    // Adds a context file; resolves to its @file id.
    async add(path, content) {
      await bb7.ok({ action: 'context_add', path, content });
      return (await bb7.ok({ action: 'context_list' })).files.find((f) => f.path === path).version;
    },
  };
}

const bodies = async () => (await fake.requests()).map((r) => JSON.parse(r.body));
const edit = (index, args) => sse.tool(index, 'edit_file', args);
const REATTEMPT = '\n[Reattempting to apply file changes...]\n';

const greetPy = "def greet(name):\n    print('hi', name)\n\n\ndef main():\n    greet('world')\n";
const greetFixed = "def greet(person):\n    print('hi', person)\n\n\ndef main():\n    greet(person='world')\n";
const badAnchor = { start: ['def greet(nme):'], content: ['def greet(person):'] };
const goodAnchors = [
  { start: ['def greet(name):', "    print('hi', name)"], content: ['def greet(person):', "    print('hi', person)"] },
  { start: ["    greet('world')"], content: ["    greet(person='world')"] },
];
const badAnchorError = 'edit_file greet.py: change 1: anchor not found (start: "def greet(nme):")';

test('anchored: a bad anchor goes back to the model once, unseen; the repaired answer ends with done and the right file', async () => {
  const c = await chatIn('anchored');
  const fileId = await c.add('greet.py', greetPy);
  await fake.queue([
    { events: [sse.text('Renaming the parameter.'), ...edit(0, { path: 'greet.py', file_id: fileId, changes: [badAnchor] }),
      sse.finish('tool_calls')] },
    { events: [sse.reasoning('hidden thought'), sse.text('hidden text'),
      ...edit(0, { path: 'greet.py', file_id: fileId, changes: goodAnchors }), sse.finish('tool_calls')] },
  ]);
  const s = await c.bb7.stream({ action: 'send', content: 'Rename name to person', reasoning_effort: 'high' });
  assert.equal(s.terminal.type, 'done', JSON.stringify(s.terminal));
  assert.deepEqual(s.terminal.output_files, ['greet.py']);
  assert.equal(c.output('greet.py'), greetFixed);
  // The user sees the first answer and the notice; the retry streams nothing.
  assert.deepEqual(s.lines.filter((l) => l.type !== 'done').map((l) => [l.type, l.content]),
    [['chunk', 'Renaming the parameter.'], ['chunk', REATTEMPT]]);
  assert.deepEqual([s.terminal.usage.prompt_tokens, s.terminal.usage.completion_tokens, s.terminal.usage.total_tokens],
    [24, 14, 38], 'usage summed over both requests');

  const [first, retry, ...more] = await bodies();
  assert.deepEqual(more, [], 'one retry');
  for (const body of [first, retry])
    assert.deepEqual(Object.keys(body.tools[1].function.parameters.properties), ['path', 'file_id', 'changes']);
  assert.deepEqual([first.reasoning, retry.reasoning], [{ effort: 'high' }, undefined]);
  assert.equal(first.messages[1].content.includes('@retry_context'), false);
  const user = retry.messages[1].content;
  assert.match(user, /@retry_context\nThe previous file changes failed:\n- (.*)\n[^]*Previous tool calls:\n\{"tool":"edit_file"[^]*\n@end retry_context/);
  assert.ok(user.includes(`- ${badAnchorError}\n`), user);

  const last = c.chat().messages.at(-1);
  assert.deepEqual(last.parts.map((p) => [p.type, p.content ?? p.action]),
    [['text', 'Renaming the parameter.'], ['context_event', 'AssistantWriteFile']]);
  assert.deepEqual(last.output_files, ['greet.py']);
  assert.equal(JSON.stringify(c.chat()).includes('hidden'), false, 'the retry\'s own text is not kept');
});

test('anchored: a repair that fails again is a diff_error with both rounds after the one retry; the client\'s retry then succeeds', async () => {
  const c = await chatIn('anchored');
  const fileId = await c.add('greet.py', greetPy);
  const badEnd = { start: ['def greet(name):'], end: ['no such line'], content: ['def greet(person):'] };
  await fake.queue([
    { events: [sse.text('First try.'), ...edit(0, { path: 'greet.py', file_id: fileId, changes: [badAnchor] }), sse.finish('tool_calls')] },
    { events: [...edit(0, { path: 'greet.py', file_id: fileId, changes: [badEnd] }), sse.finish('tool_calls')] },
    { events: [...edit(0, { path: 'greet.py', file_id: fileId, changes: goodAnchors }), sse.finish('tool_calls')] },
  ]);
  const s = await c.bb7.stream({ action: 'send', content: 'Rename name to person' });
  assert.equal(s.terminal.type, 'diff_error');
  assert.deepEqual(s.terminal.errors,
    [badAnchorError, 'retry attempt: edit_file greet.py: change 1: end: anchor not found (start: "def greet(name):")']);
  assert.deepEqual(s.terminal.tool_calls.map((t) => [t.tool, t.path, t.args.changes[0].start[0]]),
    [['edit_file', 'greet.py', 'def greet(nme):'], ['edit_file', 'greet.py', 'def greet(name):']]);
  assert.equal((await fake.requests()).length, 2, 'no second retry');
  assert.deepEqual(c.outputs(), [], 'nothing written');
  const last = c.chat().messages.at(-1);
  assert.deepEqual([last.role, last.parts.map((p) => p.type), last.output_files], ['assistant', ['text'], undefined]);

  // bb7.nvim fills "Please retry the file changes." and sends the diff_error back (§7.6).
  const again = await c.bb7.stream({ action: 'send', content: 'Please retry the file changes.',
    retry_context: { errors: s.terminal.errors, tool_calls: s.terminal.tool_calls } });
  assert.equal(again.terminal.type, 'done');
  assert.equal(c.output('greet.py'), greetFixed);
  const user = (await bodies()).at(-1).messages[1].content;
  assert.ok(user.includes('- retry attempt: edit_file greet.py: change 1: end: anchor not found'), user);
  assert.ok(user.includes('Anchors must be exact lines of the current writable file'), user);
});

test('single: round one\'s good edit stays pending and shows in the retry request; the repair completes the other file', async () => {
  const c = await chatIn('search_replace');
  const idA = await c.add('a.c', 'int a = 1;\n');
  const idB = await c.add('b.c', 'int b = 2;\n');
  await fake.queue([
    { events: [sse.text('Both.'),
      ...edit(0, { path: 'a.c', file_id: idA, old_string: 'int a = 1;', new_string: 'int a = 10;' }),
      ...edit(1, { path: 'b.c', file_id: idB, old_string: 'int b = 3;', new_string: 'int b = 20;' }), sse.finish('tool_calls')] },
    { events: [...edit(0, { path: 'b.c', file_id: idB, old_string: 'int b = 2;', new_string: 'int b = 20;' }), sse.finish('tool_calls')] },
  ]);
  const s = await c.bb7.stream({ action: 'send', content: 'Times ten' });
  assert.equal(s.terminal.type, 'done', JSON.stringify(s.terminal));
  assert.deepEqual(s.terminal.output_files, ['a.c', 'b.c']);
  assert.deepEqual([c.output('a.c'), c.output('b.c')], ['int a = 10;\n', 'int b = 20;\n']);
  assert.equal(s.text, `Both.\n[Assistant modified: a.c]\n${REATTEMPT}`);

  const [first, retry] = await bodies();
  for (const body of [first, retry])
    assert.deepEqual(Object.keys(body.tools[1].function.parameters.properties),
      ['path', 'file_id', 'old_string', 'new_string', 'replace_all']);
  const user = retry.messages[1].content;
  assert.ok(user.includes('- edit_file b.c (base=context): old_string not found in file\n'), user);
  assert.match(user, /@file id=\w{8} path=a\.c mode=rw source=output status=pending_output\nint a = 10;\n/);
  assert.match(user, new RegExp(`@file id=${idB} path=b\\.c mode=rw source=context\\nint b = 2;\\n`));
  assert.deepEqual(c.chat().messages.at(-1).parts.filter((p) => p.type === 'context_event').map((p) => p.path), ['a.c', 'b.c']);
});

test('single: a repair with a stale file_id fails again; nothing of either round is written', async () => {
  const c = await chatIn('search_replace');
  const idA = await c.add('a.c', 'int a = 1;\n');
  const idB = await c.add('b.c', 'int b = 2;\n');
  await fake.queue([
    { events: [...edit(0, { path: 'a.c', file_id: idA, old_string: 'int a = 1;', new_string: 'int a = 10;' }),
      ...edit(1, { path: 'b.c', file_id: idB, old_string: 'int b = 3;', new_string: 'int b = 20;' }), sse.finish('tool_calls')] },
    { events: [...edit(0, { path: 'b.c', file_id: 'deadbeef', old_string: 'int b = 2;', new_string: 'int b = 20;' }), sse.finish('tool_calls')] },
  ]);
  const s = await c.bb7.stream({ action: 'send', content: 'Times ten' });
  assert.equal(s.terminal.type, 'diff_error');
  assert.deepEqual(s.terminal.errors, ['edit_file b.c (base=context): old_string not found in file',
    `retry attempt: edit_file b.c: file_id mismatch: got deadbeef, expected ${idB} (base=context). Use the writable @file id for this path.`]);
  assert.deepEqual(s.terminal.tool_calls.map((t) => t.path), ['a.c', 'b.c', 'b.c']);
  assert.deepEqual(c.outputs(), [], 'nothing written, not even round one\'s good edit');
});

test('a cancel while the hidden retry runs aborts it; round one\'s answer is kept, nothing is written', async () => {
  const c = await chatIn('search_replace');
  const idA = await c.add('a.c', 'int a = 1;\n');
  await fake.queue([
    { events: [sse.text('Trying.'), ...edit(0, { path: 'a.c', file_id: idA, old_string: 'nope', new_string: 'x' }),
      sse.finish('tool_calls')] },
    { hang: true },
  ]);
  const from = c.bb7.lines.length;
  const sendId = c.bb7.send({ action: 'send', content: 'Edit a.c' });
  await c.bb7.waitFor((l) => l.request_id === sendId && l.content === REATTEMPT, from);
  await fake.waitForRequests(2);  // the retry is at the provider, which never answers
  await c.bb7.ok({ action: 'cancel', target_request_id: sendId });
  const terminal = await c.bb7.waitFor((l) => l.request_id === sendId && ['done', 'error', 'diff_error'].includes(l.type), from);
  assert.deepEqual(terminal, { type: 'error', message: 'Response aborted by user.', request_id: sendId });
  const messages = c.chat().messages;
  assert.deepEqual([messages.at(-1).role, messages.at(-1).parts[0].content], ['system', 'Response aborted by user.']);
  assert.deepEqual([messages.at(-2).role, messages.at(-2).parts[0].content], ['assistant', 'Trying.']);
  assert.deepEqual(c.outputs(), []);
  await fake.queue([{ events: [sse.text('free again'), sse.finish()] }]);
  assert.equal((await c.bb7.stream({ action: 'send', content: 'next' })).terminal.type, 'done');
});

test('a provider failure during the retry ends the send with that error, as a failure in round one would', async () => {
  const c = await chatIn('anchored');
  const fileId = await c.add('greet.py', greetPy);
  await fake.queue([
    { events: [...edit(0, { path: 'greet.py', file_id: fileId, changes: [badAnchor] }), sse.finish('tool_calls')] },
    { status: 400, body: '{"error":{"message":"context too long"}}' },
  ]);
  const s = await c.bb7.stream({ action: 'send', content: 'Rename' });
  assert.equal(s.terminal.type, 'error');
  assert.match(s.terminal.message, /400/);
  const last = c.chat().messages.at(-1);
  assert.deepEqual([last.role, last.parts[0].content], ['system', s.terminal.message]);
  assert.deepEqual(c.outputs(), []);
});
