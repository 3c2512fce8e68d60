// `send` through `acdc --stdio` against the fake OpenAI-compatible provider
// (bb7.md §7-§10): streaming lines, write_file / edit_file tool calls, the
// terminal line, files on disk, apply and reject, cancel, refusals during a
// stream, fork and edit, path escapes, and a kill -9 in the middle.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { Bb7, makeEnv, sse, startOnProject } from './bb7_client.mjs';
import { killMidWrite } from './kill_mid_write.mjs';

let fake;
let env;
let bb7;

const chatsDir = (e = env) => join(e.project, '.bb7', 'chats');
const chatJson = (id, e = env) => JSON.parse(readFileSync(join(chatsDir(e), id, 'chat.json'), 'utf8'));
const outputOf = (id, path) => readFileSync(join(chatsDir(), id, 'output', path), 'utf8');

async function newChat() {
  return (await bb7.ok({ action: 'chat_new' })).id;
}

async function lastRequestBody() {
  const sent = await fake.requests();
  return JSON.parse(sent.at(-1).body);
}

before(async () => {
  fake = await startFakeProvider();
  ({ env, bb7 } = await startOnProject(fake, { allow_data_retention: false }));
});

after(async () => {
  await bb7.close();
  await fake.stop();
});

beforeEach(async () => {
  await fake.reset();
});

test('a text answer streams thinking and chunks, then done; the wire request is BB-7\'s', async () => {
  const id = await newChat();
  await bb7.ok({ action: 'context_add', path: 'notes.txt', content: 'remember the milk\n' });
  await fake.queue([{ events: [sse.reasoning('Let me think.'), sse.text('Hello'), sse.text(', world'), sse.finish()] }]);
  const s = await bb7.stream({ action: 'send', content: 'Say hello', reasoning_effort: 'high' });
  assert.deepEqual(s.lines.filter((l) => l.type !== 'done').map((l) => [l.type, l.content]),
    [['thinking', 'Let me think.'], ['chunk', 'Hello'], ['chunk', ', world']]);
  assert.equal(s.terminal.type, 'done');
  assert.deepEqual(s.terminal.output_files, []);
  assert.equal(s.terminal.usage.total_tokens, 19);
  assert.equal(typeof s.terminal.duration, 'number');

  const body = await lastRequestBody();
  assert.equal(body.stream, true);
  assert.deepEqual(body.reasoning, { effort: 'high' });
  assert.deepEqual(body.provider, { data_collection: 'deny', zdr: true });
  assert.equal(body.prompt_cache_key, undefined);
  assert.deepEqual(body.tools.map((t) => t.function.name), ['write_file', 'edit_file']);
  assert.equal(body.messages[0].role, 'system');
  const user = body.messages[1].content;
  assert.match(user, /^-{20,} latest -{20,}\n@latest\nFiles:\n {2}id=[0-9a-f]{8} path=notes\.txt mode=rw\n\nSay hello\n@end latest/m);
  assert.match(user, /@file id=[0-9a-f]{8} path=notes\.txt mode=rw source=context\nremember the milk\n@end file/);

  const msgs = chatJson(id).messages;
  const userMsg = msgs.at(-2);
  assert.equal(userMsg.role, 'user');
  assert.deepEqual(userMsg.context_snapshot.map((r) => r.path), ['notes.txt']);
  assert.deepEqual(msgs.at(-1).parts.map((p) => p.type), ['thinking', 'text']);
  assert.equal(msgs.at(-1).parts[1].content, 'Hello, world');
});

test('a send whose provider reports a cost appends it to ~/.bb7/usage.csv', async () => {
  await newChat();
  await fake.queue([{ events: [sse.text('Priced.'),
    sse.finish('stop', { prompt_tokens: 30, completion_tokens: 5, total_tokens: 35, cost: 0.00042,
      prompt_tokens_details: { cached_tokens: 10 } })] }]);
  const s = await bb7.stream({ action: 'send', content: 'How much?' });
  assert.equal(s.terminal.type, 'done');
  assert.equal(s.terminal.usage.cost, 0.00042);
  const lines = readFileSync(join(env.home, '.bb7', 'usage.csv'), 'utf8').trim().split('\n');
  const [stamp, root, , ...counts] = lines.at(-1).split(',');
  assert.match(stamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  assert.equal(root, env.project);
  assert.deepEqual(counts, ['30', '5', '10', '0.000420']);
});

test('a send the provider does not price is priced from acdc\'s table, in done and in usage.csv', async () => {
  const id = (await bb7.ok({ action: 'chat_new', model: 'openai/gpt-4o' })).id;
  assert.ok(id);
  // gpt-4o at its list price: $2.50 and $10 per million input and output tokens.
  await fake.queue([{ events: [sse.text('Priced by acdc.'),
    sse.finish('stop', { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 })] }]);
  const s = await bb7.stream({ action: 'send', content: 'How much now?' });
  assert.equal(s.terminal.type, 'done');
  assert.equal(s.terminal.usage.cost, 0.0035);
  const lines = readFileSync(join(env.home, '.bb7', 'usage.csv'), 'utf8').trim().split('\n');
  const [, , model, ...counts] = lines.at(-1).split(',');
  assert.equal(model, 'openai/gpt-4o');
  assert.deepEqual(counts, ['1000', '100', '0', '0.003500']);
});

test('write_file: the output lands in output/, done names it, statuses say A, apply returns it', async () => {
  const id = await newChat();
  await fake.queue([{ events: [sse.text('Creating it.'), ...sse.tool(0, 'write_file', { path: 'src/new.c', content: 'int main(void) { return 0; }\n' }), sse.finish('tool_calls')] }]);
  const s = await bb7.stream({ action: 'send', content: 'Create src/new.c' });
  assert.ok(s.text.includes('\n[Assistant added: src/new.c]\n'), s.text);
  assert.equal(s.terminal.type, 'done');
  assert.deepEqual(s.terminal.output_files, ['src/new.c']);
  assert.equal(outputOf(id, 'src/new.c'), 'int main(void) { return 0; }\n');
  const last = chatJson(id).messages.at(-1);
  assert.deepEqual(last.output_files, ['src/new.c']);
  assert.deepEqual(last.parts.at(-1), { type: 'context_event', action: 'AssistantWriteFile', path: 'src/new.c', version: last.parts.at(-1).version, added: true });

  const st = await bb7.ok({ action: 'get_file_statuses' });
  assert.deepEqual(st.files.map((f) => [f.path, f.status, f.in_context, f.has_output]), [['src/new.c', 'A', false, true]]);
  const paths = await bb7.ok({ action: 'get_diff_paths', path: 'src/new.c' });
  assert.equal(paths.local_path, join(env.project, 'src', 'new.c'));
  assert.equal(readFileSync(paths.output_path, 'utf8'), 'int main(void) { return 0; }\n');

  const applied = await bb7.ok({ action: 'apply_file', path: 'src/new.c' });
  assert.equal(applied.content, 'int main(void) { return 0; }\n');
  assert.equal(existsSync(join(env.project, 'src', 'new.c')), false);  // the client writes the user's file
  assert.equal(existsSync(join(chatsDir(), id, 'output', 'src', 'new.c')), false);
  assert.deepEqual((await bb7.ok({ action: 'context_list' })).files.map((f) => f.path), ['src/new.c']);
  assert.equal(chatJson(id).messages.at(-1).parts[0].action, 'UserApplyFile');
});

test('edit_file (multi): edits against the writable @file id; M status; reject deletes the output', async () => {
  const id = await newChat();
  const original = 'int add(int a, int b) {\n  return a + b;\n}\n';
  await bb7.ok({ action: 'context_add', path: 'math.c', content: original });
  const fileId = (await bb7.ok({ action: 'context_list' })).files[0].version;
  await fake.queue([{ events: [...sse.tool(0, 'edit_file', { edits: [
    { path: 'math.c', file_id: fileId, old_string: 'return a + b;', new_string: 'return b + a;' },
    { path: 'math.c', file_id: fileId, old_string: 'int add', new_string: 'long add' }] }), sse.finish('tool_calls')] }]);
  const s = await bb7.stream({ action: 'send', content: 'Swap the operands' });
  assert.ok(s.text.includes('\n[Assistant modified: 2 edit(s)]\n'), s.text);
  assert.deepEqual(s.terminal.output_files, ['math.c']);
  assert.equal(outputOf(id, 'math.c'), 'long add(int a, int b) {\n  return b + a;\n}\n');
  assert.equal(chatJson(id).messages.at(-1).parts.filter((p) => p.action === 'AssistantWriteFile').length, 1);
  const st = (await bb7.ok({ action: 'get_file_statuses' })).files[0];
  assert.deepEqual([st.status, st.has_output], ['M', true]);
  assert.equal(st.tokens, st.original_tokens + st.output_tokens);

  // The next send shows the pending output as the writable file.
  await fake.queue([{ events: [sse.text('ok'), sse.finish()] }]);
  await bb7.stream({ action: 'send', content: 'Looks good?' });
  const user = (await lastRequestBody()).messages[1].content;
  assert.match(user, /@file id=\w+ path=math\.c mode=ro source=context status=original/);
  assert.match(user, /@file id=\w+ path=math\.c mode=rw source=output status=pending_output\nlong add/);
  assert.match(user, /-+ history -+\n@action id=1 type=UserAddFile [^]*@msg id=2 role=user\nSwap the operands\n@end msg id=2\n@action id=3 type=AssistantWriteFile /);

  await bb7.ok({ action: 'output_delete', path: 'math.c' });
  assert.equal(existsSync(join(chatsDir(), id, 'output', 'math.c')), false);
  assert.equal(chatJson(id).messages.at(-1).parts[0].action, 'UserRejectOutput');
  assert.equal((await bb7.request({ action: 'output_delete', path: 'math.c' })).message, 'File not found');
});

test('a wrong file_id is a diff_error naming the expected id; nothing is written', async () => {
  const id = await newChat();
  await bb7.ok({ action: 'context_add', path: 'big.c', content: 'a\nb\nc\n' });
  const fileId = (await bb7.ok({ action: 'context_list' })).files[0].version;
  await fake.queue([{ events: [...sse.tool(0, 'edit_file', { edits: [
    { path: 'big.c', file_id: fileId, old_string: 'a', new_string: 'A' },
    { path: 'big.c', file_id: fileId, old_string: 'zzz', new_string: 'Z' }] }),
  ...sse.tool(1, 'edit_file', { edits: [{ path: 'big.c', file_id: 'deadbeef', old_string: 'b', new_string: 'B' }] }),
  sse.finish('tool_calls')] }]);
  const s = await bb7.stream({ action: 'send', content: 'edit' });
  assert.equal(s.terminal.type, 'diff_error');
  assert.deepEqual(s.terminal.errors, [
    'edit_file edit 2 (big.c, base=context): old_string not found in file',
    `edit_file edit 1 (big.c): file_id mismatch: got deadbeef, expected ${fileId} (base=context). Use the writable @file id for this path.`]);
  assert.deepEqual(s.terminal.tool_calls.map((c) => [c.tool, c.path]), [['edit_file', 'big.c'], ['edit_file', 'big.c']]);
  assert.deepEqual(readdirSync(join(chatsDir(), id, 'output')), [], 'nothing in output/');
  assert.equal(chatJson(id).messages.at(-1).output_files, undefined);

  // retry_context goes into BODY and not into the history.
  await fake.queue([{ events: [sse.text('retrying'), sse.finish()] }]);
  await bb7.stream({ action: 'send', content: 'Please retry the file changes.', retry_context: { errors: s.terminal.errors, tool_calls: s.terminal.tool_calls } });
  const user = (await lastRequestBody()).messages[1].content;
  assert.match(user, /@retry_context\n[^]*old_string not found in file[^]*@end retry_context/);
  assert.equal(JSON.stringify(chatJson(id)).includes('@retry_context'), false);
});

test('path escapes and read-only files are refused; nothing is written outside the chat', async () => {
  const id = await newChat();
  await bb7.ok({ action: 'context_add', path: 'ro.txt', content: 'frozen\n', readonly: true });
  await fake.queue([{ events: [
    ...sse.tool(0, 'write_file', { path: '../escaped.txt', content: 'x' }),
    ...sse.tool(1, 'write_file', { path: '/etc/passwd', content: 'x' }),
    ...sse.tool(2, 'write_file', { path: 'ro.txt', content: 'thawed\n' }),
    ...sse.tool(3, 'write_file', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\n' }),
    sse.finish('tool_calls')] }]);
  const s = await bb7.stream({ action: 'send', content: 'escape' });
  assert.equal(s.terminal.type, 'diff_error');
  assert.deepEqual(s.terminal.errors, ['write_file ../escaped.txt: path escapes base directory',
    'write_file /etc/passwd: path escapes base directory', 'write_file ro.txt: file is read-only',
    'write_file .git/hooks/pre-commit: paths inside .git/ are not allowed']);
  assert.equal(existsSync(join(env.project, '..', 'escaped.txt')), false);
  assert.deepEqual(readdirSync(join(chatsDir(), id, 'output')), [], 'nothing in output/');
  for (const action of ['get_output_file', 'get_context_file', 'output_delete', 'get_diff_paths'])
    assert.match((await bb7.request({ action, path: '../../etc/passwd' })).message, /File not found|path escapes base directory/);
});

test('a duplicate write_file is a terminal error; nothing is written; a system message records it', async () => {
  const id = await newChat();
  await fake.queue([{ events: [...sse.tool(0, 'write_file', { path: 'x.c', content: '1' }), ...sse.tool(1, 'write_file', { path: 'x.c', content: '2' }), sse.finish('tool_calls')] }]);
  const s = await bb7.stream({ action: 'send', content: 'twice' });
  assert.deepEqual(s.terminal, { type: 'error', message: 'Duplicate write_file for path in single response: x.c', request_id: s.id });
  assert.deepEqual(readdirSync(join(chatsDir(), id, 'output')), [], 'nothing in output/');
  const last = chatJson(id).messages.at(-1);
  assert.deepEqual([last.role, last.parts[0].content], ['system', 'Duplicate write_file for path in single response: x.c']);
});

test('a provider failure is a terminal error with the provider status and body', async () => {
  await newChat();
  await fake.queue([{ status: 400, body: '{"error":{"message":"bad model"}}' }]);
  const s = await bb7.stream({ action: 'send', content: 'fail please' });
  assert.equal(s.terminal.type, 'error');
  assert.match(s.terminal.message, /400/);
});

test('during a stream: mutating actions and a second send are refused, reads work; cancel aborts', async () => {
  const id = await newChat();
  const slow = Array.from({ length: 40 }, (_, i) => sse.text(`w${i} `));
  await fake.queue([{ events: [...slow, sse.finish()], delay_ms: 100 }]);
  const from = bb7.lines.length;
  const sendId = bb7.send({ action: 'send', content: 'long answer' });
  await bb7.waitFor((l) => l.request_id === sendId && l.type === 'chunk', from);
  for (const action of ['context_add', 'chat_new', 'save_draft', 'apply_file'])
    assert.equal((await bb7.request({ action, path: 'a', content: 'b' })).message, 'Another request is already in progress', action);
  assert.equal((await bb7.request({ action: 'send', content: 'again' })).message, 'Another request is already in progress');
  assert.equal((await bb7.ok({ action: 'chat_get' })).id, id);
  assert.equal((await bb7.ok({ action: 'chat_list' })).type, 'chat_list');
  await bb7.ok({ action: 'chat_rename', id, name: 'renamed mid-stream' });  // not refused (§3.9)
  assert.equal((await bb7.request({ action: 'cancel', target_request_id: 'other' })).message, 'No active request to cancel');
  await bb7.ok({ action: 'cancel', target_request_id: sendId });
  const terminal = await bb7.waitFor((l) => l.request_id === sendId && ['done', 'error', 'diff_error'].includes(l.type), from);
  assert.deepEqual(terminal, { type: 'error', message: 'Response aborted by user.', request_id: sendId });
  const chat = chatJson(id);
  assert.equal(chat.name, 'renamed mid-stream');
  assert.deepEqual([chat.messages.at(-1).role, chat.messages.at(-1).parts[0].content], ['system', 'Response aborted by user.']);
  assert.equal(chat.messages.at(-2).role, 'assistant');  // the partial text is kept
  assert.equal((await bb7.request({ action: 'cancel' })).message, 'No active request to cancel');
  // The slot is free again at once.
  await fake.queue([{ events: [sse.text('next'), sse.finish()] }]);
  assert.equal((await bb7.stream({ action: 'send', content: 'next' })).terminal.type, 'done');
});

test('generate_title makes one non-streaming request at temperature 0.5 and renames the chat', async () => {
  const { env: e, bb7: t } = await startOnProject(fake, { title_model: 'small/titler' });
  try {
    const id = (await t.ok({ action: 'chat_new' })).id;
    await fake.queue([{ text: '"Milk reminder"' }]);
    const from = t.lines.length;
    await t.ok({ action: 'generate_title', chat_id: id, content: 'remember the milk' });
    const updated = await t.waitFor((l) => l.type === 'title_updated', from);
    assert.deepEqual([updated.chat_id, updated.title], [id, 'Milk reminder']);
    assert.equal(chatJson(id, e).name, 'Milk reminder');
    const body = await lastRequestBody();
    assert.deepEqual([body.model, body.stream, body.temperature], ['small/titler', false, 0.5]);
  } finally {
    await t.close();
  }
});

test('the terminal line frees the slot: a send right after done is accepted', async () => {
  await newChat();
  await fake.queue([{ events: [sse.text('one'), sse.finish()] }, { events: [sse.text('two'), sse.finish()] }]);
  const a = await bb7.stream({ action: 'send', content: 'first' });
  const b = await bb7.stream({ action: 'send', content: 'second' });
  assert.deepEqual([a.terminal.type, b.terminal.type], ['done', 'done']);
});

test('fork_chat and chat_edit restore the context of a user message', async () => {
  const id = await newChat();
  mkdirSync(join(env.project, 'lib'), { recursive: true });
  writeFileSync(join(env.project, 'lib', 'util.c'), 'v1\n');
  await bb7.ok({ action: 'context_add', path: 'lib/util.c', content: 'v1\n' });
  await fake.queue([{ events: [sse.text('first answer'), sse.finish()] }, { events: [sse.text('second answer'), sse.finish()] }]);
  await bb7.stream({ action: 'send', content: 'first question' });
  await bb7.ok({ action: 'context_update', path: 'lib/util.c', content: 'v2\n' });
  await bb7.stream({ action: 'send', content: 'second question' });
  const messages = chatJson(id).messages;
  const firstUser = messages.findIndex((m) => m.role === 'user');
  const secondUser = messages.findLastIndex((m) => m.role === 'user');

  assert.equal((await bb7.request({ action: 'fork_chat', chat_id: id })).message, 'Missing required field: fork_message_index');
  assert.equal((await bb7.request({ action: 'fork_chat', chat_id: id, fork_message_index: 999 })).message, 'fork index out of range');
  assert.equal((await bb7.request({ action: 'fork_chat', chat_id: id, fork_message_index: firstUser + 1 })).message,
    'can only fork from user messages');
  const fork = await bb7.ok({ action: 'fork_chat', chat_id: id, fork_message_index: secondUser });
  assert.equal(fork.type, 'fork_result');
  assert.equal(fork.fork_message_content, 'second question');
  const forked = chatJson(fork.new_chat_id);
  assert.equal(forked.name.startsWith('Fork of '), true);
  assert.equal(forked.draft, 'second question');
  assert.equal(forked.messages.length, secondUser);
  assert.equal((await bb7.ok({ action: 'chat_active' })).id, fork.new_chat_id);
  assert.equal((await bb7.ok({ action: 'get_context_file', path: 'lib/util.c' })).content, 'v2\n');

  // Edit in place, back at the first question: the context there was v1,
  // the storage now holds v2, so the entry comes back "modified".
  await bb7.ok({ action: 'chat_select', id });
  assert.equal((await bb7.request({ action: 'chat_edit', chat_id: 'someother', message_index: firstUser, content: 'x' })).message, 'Chat is not active');
  assert.equal((await bb7.request({ action: 'chat_edit', chat_id: id, message_index: firstUser + 1, content: 'x' })).message, 'can only edit user messages');
  const edit = await bb7.ok({ action: 'chat_edit', chat_id: id, message_index: firstUser, content: 'first question, reworded' });
  assert.deepEqual(edit.context_warnings.map((w) => [w.path, w.issue]), [['lib/util.c', 'modified']]);
  const edited = chatJson(id);
  assert.equal(edited.draft, 'first question, reworded');
  assert.equal(edited.messages.at(-1).parts[0].action, 'ForkWarningModified');
  assert.equal(edited.messages.length, firstUser + 1);

  const copy = await bb7.ok({ action: 'chat_new_with_context', source_chat_id: id });
  assert.equal((await bb7.ok({ action: 'get_context_file', path: 'lib/util.c' })).content, 'v1\n');  // re-read from disk (§15 Q11)
  assert.equal((await bb7.ok({ action: 'chat_active' })).id, copy.id);
});

test('diff_local_done: none, partial (snapshot follows the local file), full', async () => {
  const id = await newChat();
  writeFileSync(join(env.project, 'merge.txt'), 'one\n');
  await bb7.ok({ action: 'context_add', path: 'merge.txt', content: 'one\n' });
  const fileId = (await bb7.ok({ action: 'context_list' })).files[0].version;
  await fake.queue([{ events: [...sse.tool(0, 'edit_file', { edits: [{ path: 'merge.txt', file_id: fileId, old_string: 'one', new_string: 'one\ntwo\nthree' }] }), sse.finish('tool_calls')] }]);
  await bb7.stream({ action: 'send', content: 'grow' });
  assert.equal((await bb7.ok({ action: 'diff_local_done', path: 'merge.txt' })).outcome, 'none');
  writeFileSync(join(env.project, 'merge.txt'), 'one\ntwo\n');
  assert.equal((await bb7.ok({ action: 'diff_local_done', path: 'merge.txt' })).outcome, 'partial');
  assert.equal((await bb7.ok({ action: 'get_context_file', path: 'merge.txt' })).content, 'one\ntwo\n');
  assert.ok(existsSync(join(chatsDir(), id, 'output', 'merge.txt')));
  writeFileSync(join(env.project, 'merge.txt'), 'one\r\ntwo\r\nthree\r\n');
  assert.equal((await bb7.ok({ action: 'diff_local_done', path: 'merge.txt' })).outcome, 'full');
  assert.equal(existsSync(join(chatsDir(), id, 'output', 'merge.txt')), false);
});

test('kill -9 while chat.json is being written in the middle of a send: every chat.json parses, the chat opens again', async () => {
  const e = makeEnv({ baseUrl: fake.baseUrl });
  const victim = await Bb7.start(e);
  await victim.ok({ action: 'bb7_init', project_root: e.project });
  await victim.ok({ action: 'init', project_root: e.project });
  const id = (await victim.ok({ action: 'chat_new' })).id;
  await victim.ok({ action: 'context_add', path: 'a.txt', content: 'a\n' });
  // One chunk, then the stream stalls: the send stays in the middle until the kill.
  await fake.queue([{ events: [sse.text('streaming '), sse.text('never')], delay_ms: 30000 }]);
  const sendId = victim.send({ action: 'send', content: 'stream then die' });
  await victim.waitFor((l) => l.request_id === sendId && l.type === 'chunk');
  // Renames rewrite chat.json (allowed during a stream, §3.9); the first ones are acknowledged.
  const renameNumber = new Map();  // request id -> n of `name n`
  const rename = () => {
    const n = renameNumber.size;
    const requestId = victim.send({ action: 'chat_rename', id, name: `name ${n}` });
    renameNumber.set(requestId, n);
    return requestId;
  };
  const replies = () => victim.lines.filter((l) => renameNumber.has(l.request_id));
  for (let i = 0; i < 3; i++) {
    const requestId = rename();
    await victim.waitFor((l) => l.request_id === requestId);
  }
  const dir = join(chatsDir(e), id);
  const temp = await killMidWrite(victim.child.pid, dir, 'chat.json', () => {
    while (renameNumber.size - replies().length < 10) rename();
  });
  await victim.exited;
  assert.ok(temp, 'no sample found a write of chat.json in flight (a temp file .chat.json.* beside it)');
  assert.ok(existsSync(join(dir, temp)), 'the kill did not land in the middle of the write');

  JSON.parse(readFileSync(join(chatsDir(e), 'index.json'), 'utf8'));
  for (const entry of readdirSync(chatsDir(e), { withFileTypes: true }))
    if (entry.isDirectory()) assert.doesNotThrow(() => chatJson(entry.name, e), entry.name);
  const acked = Math.max(...replies().filter((l) => l.type === 'ok').map((l) => renameNumber.get(l.request_id)));
  const survived = Number(/^name (\d+)$/.exec(chatJson(id, e).name)?.[1]);
  assert.ok(survived >= acked, `chat.json is named '${chatJson(id, e).name}', before the acknowledged 'name ${acked}'`);

  // The restarted process ignores the dead one's temp file.
  const again = await Bb7.start(e);
  try {
    await again.ok({ action: 'init', project_root: e.project });
    await again.ok({ action: 'chat_select', id });  // the dead process's lock is stale
    const chat = await again.ok({ action: 'chat_get' });
    assert.equal(chat.messages.at(-1).role, 'user');
    assert.equal(chat.messages.at(-1).parts[0].content, 'stream then die');
    assert.deepEqual((await again.ok({ action: 'chat_list' })).chats.map((c) => c.id), [id]);
    await again.ok({ action: 'chat_rename', id, name: 'after the crash' });
    assert.equal(chatJson(id, e).name, 'after the crash');
  } finally {
    await again.close();
  }
});
