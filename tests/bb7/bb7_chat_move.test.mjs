// chat_move (bb7.md §3.2) between a project's .bb7/ and ~/.bb7: a global
// chat holds only external, read-only entries with absolute paths (§12), so
// the moved chat's project files must become such entries to still show,
// from this project or from none; moved back, they are project files again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { Bb7, makeEnv, sse } from './bb7_client.mjs';

let fake;

before(async () => {
  fake = await startFakeProvider();
});

after(async () => {
  await fake.stop();
});

const version = (path, content) => createHash('sha256').update(`${path}\0${content}`).digest('hex').slice(0, 8);
const chatJson = (chatsDir, id) => JSON.parse(readFileSync(join(chatsDir, id, 'chat.json'), 'utf8'));

// A project chat with a writable file, a read-only one, a section and a file
// outside the project, each also on disk, and one answered message.
async function projectChat(env) {
  const bb7 = await Bb7.start(env);
  await bb7.ok({ action: 'bb7_init', project_root: env.project });
  await bb7.ok({ action: 'init', project_root: env.project });
  const id = (await bb7.ok({ action: 'chat_new', name: 'moving' })).id;
  const files = { 'src/util.c': 'int util;\n', 'README.md': '# readme\n', 'src/big.c': 'one\ntwo\nthree\n' };
  mkdirSync(join(env.project, 'src'), { recursive: true });
  for (const [path, content] of Object.entries(files)) writeFileSync(join(env.project, path), content);
  const outside = join(env.dir, 'outside.txt');
  writeFileSync(outside, 'out\n');
  await bb7.ok({ action: 'context_add', path: 'src/util.c', content: files['src/util.c'] });
  await bb7.ok({ action: 'context_add', path: 'README.md', content: files['README.md'], readonly: true });
  await bb7.ok({ action: 'context_add_section', path: 'src/big.c', content: 'two\nthree\n', start_line: 2, end_line: 3 });
  await bb7.ok({ action: 'context_add', path: outside, content: 'out\n' });
  await fake.queue([{ events: [sse.text('Noted.'), sse.finish()] }]);
  assert.equal((await bb7.stream({ action: 'send', content: 'Look at these' })).terminal.type, 'done');
  return { bb7, id, outside, abs: (p) => join(env.project, p) };
}

test('to global: project files become external entries with absolute paths; the chat shows them from any project or none', async () => {
  const env = makeEnv({ baseUrl: fake.baseUrl });
  const { bb7, id, outside, abs } = await projectChat(env);
  const globalChats = join(env.home, '.bb7', 'chats');
  try {
    await bb7.ok({ action: 'chat_move', id, to: 'global' });
    assert.equal(existsSync(join(env.project, '.bb7', 'chats', id)), false);
    assert.equal(existsSync(join(globalChats, id, 'output')), false, 'a global chat has no output/');
    assert.deepEqual(await bb7.ok({ action: 'chat_active' }), { type: 'chat_active', id, global: true, request_id: bb7.lines.at(-1).request_id });

    const expected = [
      { path: abs('src/util.c'), readonly: true, external: true, version: version(abs('src/util.c'), 'int util;\n') },
      { path: abs('README.md'), readonly: true, external: true, version: version(abs('README.md'), '# readme\n') },
      { path: abs('src/big.c'), readonly: true, external: true, version: version(`${abs('src/big.c')}:2:3`, 'two\nthree\n'),
        start_line: 2, end_line: 3 },
      { path: outside, readonly: true, external: true, version: version(outside, 'out\n') },
    ];
    assert.deepEqual(chatJson(globalChats, id).context_files, expected);
    assert.deepEqual((await bb7.ok({ action: 'context_list' })).files, expected);
    assert.equal((await bb7.ok({ action: 'get_context_file', path: abs('src/util.c') })).content, 'int util;\n');
    assert.equal((await bb7.ok({ action: 'get_context_file', path: 'src/util.c' })).content, 'int util;\n');  // relative to this project
    // The snapshot of the send follows, so a fork of that message restores every file.
    const messages = chatJson(globalChats, id).messages;
    const userIndex = messages.findIndex((m) => m.role === 'user');
    assert.deepEqual(messages[userIndex].context_snapshot.map((r) => [r.path, r.file_id]), expected.map((e) => [e.path, e.version]));
    const fork = await bb7.ok({ action: 'fork_chat', chat_id: id, fork_message_index: userIndex, global: true });
    assert.deepEqual(fork.context_warnings, []);
    assert.deepEqual((await bb7.ok({ action: 'context_list' })).files.map((f) => f.path), expected.map((e) => e.path));
    assert.deepEqual((await bb7.ok({ action: 'chat_list', global: true })).chats.map((c) => c.id).sort(), [id, fork.new_chat_id].sort());
    assert.deepEqual((await bb7.ok({ action: 'chat_list' })).chats, []);
  } finally {
    await bb7.close();
  }

  // Global-only mode (bb7.nvim outside any project): the entries still read.
  const g = await Bb7.start(env);
  try {
    await g.ok({ action: 'init', project_root: '' });
    await g.ok({ action: 'chat_select', id, global: true });
    assert.deepEqual((await g.ok({ action: 'context_list' })).files.map((f) => [f.path, f.external]),
      [[abs('src/util.c'), true], [abs('README.md'), true], [abs('src/big.c'), true], [outside, true]]);
    assert.equal((await g.ok({ action: 'get_context_file', path: abs('README.md') })).content, '# readme\n');
  } finally {
    await g.close();
  }
});

test('back to project: external entries inside the project are project files again, writable; the one outside stays external', async () => {
  const env = makeEnv({ baseUrl: fake.baseUrl });
  const { bb7, id, outside } = await projectChat(env);
  try {
    await bb7.ok({ action: 'chat_move', id, to: 'global' });
    await bb7.ok({ action: 'chat_move', id, to: 'project' });
    assert.equal(existsSync(join(env.home, '.bb7', 'chats', id)), false);
    assert.ok(existsSync(join(env.project, '.bb7', 'chats', id, 'output')));
    assert.deepEqual(await bb7.ok({ action: 'chat_active' }), { type: 'chat_active', id, request_id: bb7.lines.at(-1).request_id });
    assert.deepEqual((await bb7.ok({ action: 'context_list' })).files.map((f) => [f.path, f.readonly, f.external]),
      [['src/util.c', false, false], ['README.md', false, false], ['src/big.c', true, false], [outside, true, true]]);
    assert.equal((await bb7.ok({ action: 'get_context_file', path: 'src/util.c' })).content, 'int util;\n');
    assert.equal(readFileSync(join(env.project, '.bb7', 'chats', id, 'context', 'src', 'util.c'), 'utf8'), 'int util;\n');
    // The model may edit it again.
    await fake.queue([{ events: [sse.text('ok'), sse.finish()] }]);
    await bb7.stream({ action: 'send', content: 'Edit util' });
    const body = JSON.parse((await fake.requests()).at(-1).body);
    assert.match(body.messages[1].content, /@file id=\w{8} path=src\/util\.c mode=rw source=context\nint util;\n/);
  } finally {
    await bb7.close();
  }
});

test('a chat moved while its answer streams gets the answer where it went', async () => {
  const env = makeEnv({ baseUrl: fake.baseUrl });
  const { bb7, id } = await projectChat(env);
  try {
    // Six seconds of answer after the first chunk: the move lands inside it,
    // which the order of the replies proves (else the test proves nothing).
    const slow = Array.from({ length: 60 }, (_, i) => sse.text(`w${i} `));
    await fake.queue([{ events: [...slow, sse.finish()], delay_ms: 100 }]);
    const from = bb7.lines.length;
    const sendId = bb7.send({ action: 'send', content: 'a long answer please' });
    await bb7.waitFor((l) => l.request_id === sendId && l.type === 'chunk', from);
    await bb7.ok({ action: 'chat_move', id, to: 'global' });
    const movedAt = bb7.lines.length;
    const terminal = await bb7.waitFor((l) => l.request_id === sendId && ['done', 'error', 'diff_error'].includes(l.type), from);
    assert.equal(terminal.type, 'done', JSON.stringify(terminal));
    assert.ok(bb7.lines.indexOf(terminal) >= movedAt, 'the answer ended after the move');
    const moved = chatJson(join(env.home, '.bb7', 'chats'), id);
    assert.equal(moved.messages.at(-1).role, 'assistant');
    assert.match(moved.messages.at(-1).parts[0].content, /^w0 w1 .* w59 $/);
    assert.equal(existsSync(join(env.project, '.bb7', 'chats', id)), false, 'nothing written back where the chat was');
  } finally {
    await bb7.close();
  }
});

test('to global is refused with pending output or while another process holds the chat; nothing moves', async () => {
  const env = makeEnv({ baseUrl: fake.baseUrl });
  const bb7 = await Bb7.start(env);
  try {
    await bb7.ok({ action: 'bb7_init', project_root: env.project });
    await bb7.ok({ action: 'init', project_root: env.project });
    const pending = (await bb7.ok({ action: 'chat_new' })).id;
    await fake.queue([{ events: [...sse.tool(0, 'write_file', { path: 'new.c', content: 'x\n' }), sse.finish('tool_calls')] }]);
    await bb7.stream({ action: 'send', content: 'write it' });
    assert.equal((await bb7.request({ action: 'chat_move', id: pending, to: 'global' })).message,
      'chat has pending file modifications — apply or reject changes before moving');

    const held = (await bb7.ok({ action: 'chat_new' })).id;
    await bb7.ok({ action: 'chat_select', id: pending });  // releases `held`
    writeFileSync(join(env.project, '.bb7', 'chats', held, 'lock'), String(process.pid));  // a live other owner
    assert.equal((await bb7.request({ action: 'chat_move', id: held, to: 'global' })).message, 'chat is locked by another process');
    assert.deepEqual(readdirSync(join(env.project, '.bb7', 'chats')).filter((n) => n !== 'index.json').sort(), [pending, held].sort());
    assert.equal(existsSync(join(env.home, '.bb7', 'chats', held)), false);
  } finally {
    await bb7.close();
  }
});

// ~/.bb7 and the project are often on different file systems (/home and a
// mounted work disk), where a rename cannot move a directory.
function otherFileSystem() {
  try {
    const dir = mkdtempSync('/dev/shm/acdc-bb7-home-');
    if (statSync(dir).dev !== statSync(tmpdir()).dev) return dir;
    rmSync(dir, { recursive: true });
  } catch {
    // no /dev/shm here
  }
  return undefined;
}

test('to global and back across file systems: the chat is copied whole and the original removed', async (t) => {
  const home = otherFileSystem();
  if (!home) return t.skip('no second file system beside the temporary directory');
  const env = makeEnv({ baseUrl: fake.baseUrl });
  mkdirSync(join(home, '.config', 'bb7'), { recursive: true });
  writeFileSync(join(home, '.config', 'bb7', 'config.json'), readFileSync(join(env.home, '.config', 'bb7', 'config.json')));
  env.home = home;
  const { bb7, id, abs } = await projectChat(env);
  try {
    await bb7.ok({ action: 'chat_move', id, to: 'global' });
    assert.equal(existsSync(join(env.project, '.bb7', 'chats', id)), false);
    assert.deepEqual(readdirSync(join(home, '.bb7', 'chats')).filter((n) => n.startsWith('.')), [], 'no staging left');
    assert.equal((await bb7.ok({ action: 'get_context_file', path: abs('src/util.c') })).content, 'int util;\n');
    await bb7.ok({ action: 'chat_move', id, to: 'project' });
    assert.equal(existsSync(join(home, '.bb7', 'chats', id)), false);
    assert.equal((await bb7.ok({ action: 'get_context_file', path: 'src/util.c' })).content, 'int util;\n');
  } finally {
    await bb7.close();
    rmSync(home, { recursive: true, force: true });
  }
});
