// `acdc --stdio` as bb7.nvim's backend, driven over pipes like client.lua:
// every action's success and error replies and what lands on disk
// (bb7.md §1-§5, §9-§12). Streaming sends are in bb7_send.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bb7, makeEnv } from './bb7_client.mjs';

let env;
let bb7;

async function freshChat(name) {
  const r = await bb7.ok({ action: 'chat_new', name });
  return r.id;
}

function chatJson(id, e = env) {
  return JSON.parse(readFileSync(join(e.project, '.bb7', 'chats', id, 'chat.json'), 'utf8'));
}

before(async () => {
  env = makeEnv();
  bb7 = await Bb7.start(env);
});

after(async () => {
  await bb7.close();
});

test('before init: ping and version answer, chat actions say Not initialized', async () => {
  assert.deepEqual(await bb7.request({ action: 'ping' }), { type: 'ok', request_id: '1' });
  const v = await bb7.request({ action: 'version' });
  assert.equal(v.type, 'version');
  assert.match(v.version, /^0\.6/);
  assert.equal((await bb7.request({ action: 'chat_active' })).message, 'Not initialized');
  assert.equal((await bb7.request({ action: 'chat_get' })).message, 'Not initialized');
});

test('request ids come back as strings; numbers in decimal form; missing ids stay missing', async () => {
  assert.equal((await bb7.request({ action: 'ping', request_id: 42 })).request_id, '42');
  assert.equal((await bb7.request({ action: 'ping', request_id: 1.5 })).request_id, '1.5');
  const from = bb7.lines.length;
  bb7.write('{"action":"ping"}\n');
  const line = await bb7.waitFor(() => true, from);
  assert.deepEqual(line, { type: 'ok' });
});

test('a malformed line is answered with Invalid JSON and no request_id; unknown actions are named', async () => {
  const from = bb7.lines.length;
  bb7.write('this is not json\n');
  assert.deepEqual(await bb7.waitFor(() => true, from), { type: 'error', message: 'Invalid JSON' });
  assert.equal((await bb7.request({ action: 'frobnicate' })).message, 'Unknown action: frobnicate');
  assert.equal((await bb7.request({})).message, 'Unknown action: ');
});

test('bb7_init refuses what the reference refuses, then creates .bb7/chats', async () => {
  assert.equal((await bb7.request({ action: 'bb7_init' })).message, 'Missing required field: project_root');
  assert.match((await bb7.request({ action: 'bb7_init', project_root: join(env.dir, 'nope') })).message, /no such file or directory/);
  writeFileSync(join(env.dir, 'afile'), 'x');
  assert.equal((await bb7.request({ action: 'bb7_init', project_root: join(env.dir, 'afile') })).message,
    'project_root must be a directory');
  assert.equal((await bb7.request({ action: 'bb7_init', project_root: env.home })).message,
    'cannot initialize BB-7 in home directory (conflicts with global data)');
  assert.equal((await bb7.request({ action: 'init', project_root: env.project })).message, 'Not initialized. Run :BB7Init');
  await bb7.ok({ action: 'bb7_init', project_root: env.project });
  assert.ok(existsSync(join(env.project, '.bb7', 'chats')));
  assert.equal((await bb7.request({ action: 'bb7_init', project_root: env.project })).message, 'Already initialized');
  const init = await bb7.ok({ action: 'init', project_root: env.project });
  assert.equal(init.global_only, undefined);
  assert.equal((await bb7.ok({ action: 'chat_active' })).id, undefined);
});

test('chats: new, list, get, rename, search, draft, settings, delete', async () => {
  assert.equal((await bb7.request({ action: 'chat_get' })).message, 'No active chat');
  const id = await freshChat('Physics homework');
  assert.match(id, /^[0-9a-f]{10}$/);
  const other = await freshChat();
  for (const dir of ['context', 'output'])
    assert.ok(existsSync(join(env.project, '.bb7', 'chats', other, dir)), `a new project chat has ${dir}/ at once`);
  const list = await bb7.ok({ action: 'chat_list' });
  assert.deepEqual(list.chats.map((c) => c.id).sort(), [id, other].sort());
  assert.match(list.chats.find((c) => c.id === other).name, /^Chat \d{4}-\d\d-\d\d \d\d:\d\d$/);
  assert.equal((await bb7.ok({ action: 'chat_active' })).id, other);

  assert.equal((await bb7.request({ action: 'chat_select' })).message, 'Missing required field: id');
  assert.equal((await bb7.request({ action: 'chat_select', id: 'ffffffffff' })).message, 'Chat not found');
  await bb7.ok({ action: 'chat_select', id });
  const chat = await bb7.ok({ action: 'chat_get' });
  assert.equal(chat.type, 'chat');
  assert.equal(chat.name, 'Physics homework');
  assert.equal(chat.model, 'anthropic/claude-sonnet-4.6');
  assert.deepEqual(chat.messages, []);
  assert.equal(chat.instructions_info.project_exists, false);
  assert.equal('project_error' in chat.instructions_info, false);

  assert.equal((await bb7.request({ action: 'chat_rename', id, name: '   ' })).message, 'chat name cannot be empty');
  assert.equal((await bb7.request({ action: 'chat_rename', id })).message, 'Missing required field: name');
  assert.equal((await bb7.request({ action: 'chat_rename', id, name: '' })).message, 'Missing required field: name');
  assert.equal((await bb7.request({ action: 'chat_rename', id: 'ffffffffff', name: 'x' })).message, 'Chat not found');
  await bb7.ok({ action: 'chat_rename', id, name: 'Quantum physics' });
  assert.equal(chatJson(id).name, 'Quantum physics');

  await bb7.ok({ action: 'save_draft', draft: 'half a thought' });
  await bb7.ok({ action: 'save_chat_settings', model: 'openai/gpt-5', reasoning_effort: 'high' });
  const saved = chatJson(id);
  assert.equal(saved.version, 2);
  assert.equal(saved.draft, 'half a thought');
  assert.equal(saved.model, 'openai/gpt-5');
  assert.equal(saved.reasoning_effort, 'high');

  const hits = await bb7.ok({ action: 'search_chats', query: 'QUANTUM' });
  assert.deepEqual(hits.results.map((r) => [r.id, r.match_type]), [[id, 'title']]);
  assert.equal((await bb7.ok({ action: 'search_chats', query: 'no such words anywhere' })).results.length, 0);
  assert.equal((await bb7.ok({ action: 'search_chats', query: '' })).results.length, 2);

  assert.equal((await bb7.request({ action: 'chat_delete', id: 'ffffffffff' })).message, 'Chat not found');
  await bb7.ok({ action: 'chat_delete', id: other });
  assert.equal(existsSync(join(env.project, '.bb7', 'chats', other)), false);
  assert.deepEqual((await bb7.ok({ action: 'chat_list' })).chats.map((c) => c.id), [id]);
});

test('a chat locked by another live process cannot be selected or deleted; force unlock frees it', async () => {
  const id = await freshChat('locked');
  await freshChat('another');  // releases the first lock
  writeFileSync(join(env.project, '.bb7', 'chats', id, 'lock'), String(process.pid));
  assert.equal((await bb7.request({ action: 'chat_select', id })).message, 'chat is locked by another process');
  assert.equal((await bb7.request({ action: 'chat_delete', id })).message, 'chat is locked by another process');
  assert.equal((await bb7.ok({ action: 'chat_list' })).chats.find((c) => c.id === id).locked, true);
  await bb7.ok({ action: 'chat_force_unlock', id });
  await bb7.ok({ action: 'chat_select', id });
  assert.equal(readFileSync(join(env.project, '.bb7', 'chats', id, 'lock'), 'utf8'), String(bb7.child.pid));
  // A dead owner's lock is stale.
  writeFileSync(join(env.project, '.bb7', 'chats', id, 'lock'), '999999999');
  await bb7.ok({ action: 'chat_select', id });
});

test('context: add, sections, update, readonly, remove, list, and the path rules of §12', async () => {
  const id = await freshChat('context');
  assert.equal((await bb7.request({ action: 'context_add', content: 'x' })).message, 'Missing required field: path');
  await bb7.ok({ action: 'context_add', path: 'src/math.c', content: 'int add(int a, int b) { return a + b; }\n' });
  assert.equal((await bb7.request({ action: 'context_add', path: 'src/math.c', content: '' })).message, 'Context file already exists');
  for (const bad of ['../outside.c', 'a/../../outside.c', 'src/../../x'])
    assert.equal((await bb7.request({ action: 'context_add', path: bad, content: '' })).message, 'path escapes base directory', bad);
  for (const odd of ['...', '..hidden', 'file..go'])
    await bb7.ok({ action: 'context_add', path: odd, content: odd });
  // An absolute path inside the project becomes relative; outside it is external and read-only.
  await bb7.ok({ action: 'context_add', path: join(env.project, 'inside.txt'), content: 'in' });
  await bb7.ok({ action: 'context_add', path: '/etc/hostname.example', content: 'out' });

  assert.equal((await bb7.request({ action: 'context_add_section', path: 'big.c', content: 'x', start_line: 0, end_line: 3 })).message,
    'start_line and end_line must be positive integers');
  assert.equal((await bb7.request({ action: 'context_add_section', path: 'big.c', content: 'x', start_line: 5, end_line: 3 })).message,
    'start_line (5) cannot be greater than end_line (3)');
  await bb7.ok({ action: 'context_add_section', path: 'big.c', content: 'line 10\nline 11\n', start_line: 10, end_line: 11 });
  await bb7.ok({ action: 'context_add_section', path: 'big.c', content: 'line 11\n', start_line: 11, end_line: 11 });  // overlap is fine
  assert.equal((await bb7.request({ action: 'context_add_section', path: 'big.c', content: 'x', start_line: 10, end_line: 11 })).message,
    'Context file already exists');

  const list = (await bb7.ok({ action: 'context_list' })).files;
  const byPath = Object.fromEntries(list.filter((f) => !f.start_line).map((f) => [f.path, f]));
  assert.ok(byPath['inside.txt']);
  assert.deepEqual([byPath['/etc/hostname.example'].external, byPath['/etc/hostname.example'].readonly], [true, true]);
  assert.match(byPath['src/math.c'].version, /^[0-9a-f]{8}$/);
  assert.deepEqual(list.filter((f) => f.start_line).map((f) => [f.start_line, f.end_line]), [[10, 11], [11, 11]]);

  // Snapshots live under the chat: internal at their path, external and sections hashed.
  const ctx = join(env.project, '.bb7', 'chats', id, 'context');
  assert.equal(readFileSync(join(ctx, 'src', 'math.c'), 'utf8'), 'int add(int a, int b) { return a + b; }\n');
  assert.equal(readdirSync(join(ctx, '_external')).length, 1);
  assert.equal(readdirSync(join(ctx, '_sections')).length, 2);

  assert.equal((await bb7.request({ action: 'context_update', path: 'nope.c', content: '' })).message, 'File not found');
  await bb7.ok({ action: 'context_update', path: 'src/math.c', content: 'int add(int a, int b);\n' });
  assert.deepEqual(await bb7.ok({ action: 'get_context_file', path: 'src/math.c' }),
    { type: 'file_content', path: 'src/math.c', content: 'int add(int a, int b);\n', request_id: bb7.lines.at(-1).request_id });
  assert.equal((await bb7.request({ action: 'get_context_file', path: 'nope.c' })).message, 'File not found');

  assert.equal((await bb7.request({ action: 'context_set_readonly', path: 'src/math.c' })).message, 'Missing required field: readonly');
  assert.equal((await bb7.request({ action: 'context_set_readonly', path: '/etc/hostname.example', readonly: false })).message,
    'external files are always read-only');
  await bb7.ok({ action: 'context_set_readonly', path: 'src/math.c', readonly: true });
  await bb7.ok({ action: 'context_set_readonly', path: 'src/math.c', readonly: true });  // no change, no event

  assert.equal((await bb7.request({ action: 'context_remove_section', path: 'big.c', start_line: 1, end_line: 2 })).message, 'File not found');
  await bb7.ok({ action: 'context_remove_section', path: 'big.c', start_line: 11, end_line: 11 });
  await bb7.ok({ action: 'context_remove', path: '...' });
  assert.equal((await bb7.request({ action: 'context_remove', path: '...' })).message, 'File not found');

  const actions = chatJson(id).messages.map((m) => [m.role, m.parts[0].action]);
  assert.deepEqual(actions.filter(([, a]) => a === 'UserSetReadOnly').length, 1);
  assert.ok(actions.every(([role]) => role === 'assistant'));  // §15 Q8, as the reference stores them
  assert.deepEqual([...new Set(actions.map(([, a]) => a))].sort(),
    ['UserAddFile', 'UserAddSection', 'UserRemoveFile', 'UserRemoveSection', 'UserSetReadOnly', 'UserWriteFile']);

  // sync_context follows the user's file without an event.
  mkdirSync(join(env.project, 'src'), { recursive: true });
  writeFileSync(join(env.project, 'src', 'math.c'), 'int add(int a, int b) { return b + a; }\n');
  const events = chatJson(id).messages.length;
  await bb7.ok({ action: 'sync_context', path: 'src/math.c' });
  assert.equal((await bb7.ok({ action: 'get_context_file', path: 'src/math.c' })).content, 'int add(int a, int b) { return b + a; }\n');
  assert.equal(chatJson(id).messages.length, events);
  await bb7.ok({ action: 'sync_context', path: 'not/in/context.c' });
});

test('output actions without output say File not found; statuses list context entries', async () => {
  await freshChat('outputs');
  await bb7.ok({ action: 'context_add', path: 'a.txt', content: 'alpha\n' });
  await bb7.ok({ action: 'context_add_section', path: 'b.txt', content: 'beta\n', start_line: 1, end_line: 1 });
  for (const action of ['get_output_file', 'get_diff_paths', 'apply_file', 'output_delete'])
    assert.equal((await bb7.request({ action, path: 'a.txt' })).message, 'File not found', action);
  assert.equal((await bb7.request({ action: 'apply_file_as', path: 'a.txt' })).message, 'Missing required field: destination');
  assert.equal((await bb7.ok({ action: 'diff_local_done', path: 'a.txt' })).outcome, 'none');
  const st = await bb7.ok({ action: 'get_file_statuses' });
  assert.deepEqual(st.files.map((f) => [f.path, f.status, f.in_context, f.has_output]), [['a.txt', '', true, false], ['b.txt', 'S', true, false]]);
  assert.equal(st.files[0].context_content, 'alpha\n');
});

test('token estimates, text token estimates, system messages, customization info, instruction files', async () => {
  await freshChat('tokens');
  await bb7.ok({ action: 'context_add', path: 'a.txt', content: 'alpha beta gamma delta\n' });
  const est = await bb7.ok({ action: 'estimate_tokens', input_text: 'hello world' });
  assert.equal(est.type, 'token_estimate');
  assert.equal(est.total, est.system_prompt + est.instructions + est.context_files + est.history + est.input_text);
  assert.equal(est.files.length, 1);
  assert.ok(est.input_text > 0);
  const t = await bb7.ok({ action: 'estimate_text_tokens', texts: ['hello world', '', ' a'.repeat(40)] });
  assert.equal(t.tokens.length, 3);
  assert.equal(t.tokens[1], 0);
  // The llm plugin's tokenizer counts ' a' as one token; four bytes a token would say 20.
  assert.equal(t.tokens[2], 40);
  assert.equal((await bb7.request({ action: 'estimate_text_tokens', texts: [] })).message, "Missing or empty 'texts' array");

  assert.equal((await bb7.request({ action: 'add_system_message' })).message, 'Missing required field: message');
  await bb7.ok({ action: 'add_system_message', message: 'note to self' });
  assert.deepEqual((await bb7.ok({ action: 'chat_get' })).messages.at(-1).parts, [{ type: 'text', content: 'note to self' }]);

  assert.equal((await bb7.request({ action: 'prepare_instructions' })).message, 'Missing required field: level');
  assert.equal((await bb7.request({ action: 'prepare_instructions', level: 'team' })).message,
    'invalid level: must be project, global, or system');
  const p = await bb7.ok({ action: 'prepare_instructions', level: 'project' });
  assert.equal(p.path, join(env.project, '.bb7', 'instructions'));
  assert.ok(existsSync(p.path));
  writeFileSync(p.path, '@include ../../etc/passwd\n');
  const info = await bb7.ok({ action: 'get_customization_info' });
  assert.equal(info.project_instructions, false);
  assert.equal(info.project_instructions_error, '.bb7/instructions:1: include path escapes project root');
  assert.equal((await bb7.ok({ action: 'chat_get' })).instructions_info.project_error, info.project_instructions_error);
  writeFileSync(p.path, '@@ a comment\nBe brief.\n');
  assert.equal((await bb7.ok({ action: 'get_customization_info' })).project_instructions, true);
});

test('global-only mode: init with an empty root, chats in ~/.bb7, no file operations', async () => {
  const g = await Bb7.start(env);
  try {
    const init = await g.ok({ action: 'init', project_root: '' });
    assert.equal(init.global_only, true);
    const id = (await g.ok({ action: 'chat_new', name: 'global one' })).id;
    assert.ok(existsSync(join(env.home, '.bb7', 'chats', id, 'chat.json')));
    const made = readdirSync(join(env.home, '.bb7', 'chats', id));
    assert.ok(made.includes('context') && !made.includes('output'), `a global chat has context/ and no output/: ${made}`);
    assert.equal((await g.request({ action: 'context_add', path: 'rel.c', content: '' })).message, 'no project root set');
    await g.ok({ action: 'context_add', path: '/tmp/abs.c', content: 'x' });
    assert.deepEqual((await g.ok({ action: 'context_list' })).files.map((f) => [f.readonly, f.external]), [[true, true]]);
    assert.equal((await g.request({ action: 'apply_file', path: '/tmp/abs.c' })).message,
      'global chats are read-only: file operations are not available');
  } finally {
    await g.close();
  }
});

test('chat_new without any config file falls back to the default model (the reference crashes, §15 Q1)', async () => {
  const e = makeEnv();
  writeFileSync(join(e.home, '.config', 'bb7', 'config.json'), '');  // unreadable as JSON
  const c = await Bb7.start(e);
  try {
    await c.ok({ action: 'bb7_init', project_root: e.project });
    await c.ok({ action: 'init', project_root: e.project });
    const id = (await c.ok({ action: 'chat_new', model: 'x/y' })).id;
    assert.equal(chatJson(id, e).model, 'x/y');
    assert.equal((await c.request({ action: 'get_balance' })).message, 'invalid config JSON');
  } finally {
    await c.close();
  }
});

test('init restores the last active chat; EOF releases the lock; shutdown exits 0 without a reply', async () => {
  const e = makeEnv();
  const a = await Bb7.start(e);
  await a.ok({ action: 'bb7_init', project_root: e.project });
  await a.ok({ action: 'init', project_root: e.project });
  const id = (await a.ok({ action: 'chat_new' })).id;
  assert.ok(existsSync(join(e.project, '.bb7', 'chats', id, 'lock')));
  assert.equal(await a.close(), 0);
  assert.equal(existsSync(join(e.project, '.bb7', 'chats', id, 'lock')), false);

  const b = await Bb7.start(e);
  await b.ok({ action: 'init', project_root: e.project });
  assert.equal((await b.ok({ action: 'chat_active' })).id, id);
  const before = b.lines.length;
  b.send({ action: 'shutdown' });
  assert.equal(await b.exited, 0);
  assert.equal(b.lines.length, before);
});

test('a line over 1 MiB is refused and the process exits 1', async () => {
  const c = await Bb7.start(env);
  c.write(JSON.stringify({ action: 'ping', pad: 'x'.repeat(1100000) }) + '\n');
  assert.equal(await c.exited, 1);
  assert.deepEqual(c.lines.at(-1), { type: 'error', message: 'Request too large (max 1MB). Reduce context size or split the request.' });
});
