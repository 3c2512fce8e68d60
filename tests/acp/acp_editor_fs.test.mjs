// An editor that offers fs/read_text_file and fs/write_text_file, with edits
// that ask first (app.yaml acp.edits: ask, the default): acdc reads the
// editor's buffer (unsaved changes included) and writes through the editor
// once the user allowed it; a rejected edit is written nowhere; "allow
// always" asks once per session. Without the fs capability an allowed edit
// lands on disk.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { Editor, editBlock } from './acp_editor.mjs';

const ON_DISK = 'const answer = 41;\nexport default answer;\n';
const BUFFER = 'const answer = 41;\nconst unsaved = true;\nexport default answer;\n';

let fake, ed, sessionId, file;

const allow = (optionId) => () => ({ outcome: { outcome: 'selected', optionId } });
const callStatuses = (updates, id) => updates.filter((u) => u.toolCallId === id).map((u) => u.status);

// A prompt that attaches the editor's buffer of app.js and asks to flip `unsaved`.
function flipUnsaved(to) {
  return fake.queue([{ text: `Done.\n\n${editBlock('app.js', `const unsaved = ${!to};`, `const unsaved = ${to};`)}` }])
    .then(() => ed.prompt(sessionId, [
      { type: 'text', text: `set unsaved to ${to} in ` },
      { type: 'resource', resource: { uri: `file://${file}`, text: ed.buffers.get(file), mimeType: 'text/javascript' } },
    ]));
}

before(async () => {
  fake = await startFakeProvider();
  ed = await Editor.start(fake, { fs: true });
  await ed.initialize();
  sessionId = (await ed.newSession()).sessionId;
  file = join(ed.project.repo, 'app.js');
});

after(async () => {
  await ed?.close();
  await fake?.stop();
});

beforeEach(async () => {
  await fake.reset();
  ed.buffers.set(file, BUFFER);
  ed.writes.length = 0;
  ed.permissions.length = 0;
});

test('an allowed edit reads the unsaved buffer and is written through the editor, not on disk', async () => {
  ed.permission = allow('allow_once');
  const { response, updates } = await flipUnsaved(false);
  assert.equal(response.stopReason, 'end_turn');
  const sent = JSON.stringify(JSON.parse((await fake.requests()).at(-1).body).messages);
  assert.match(sent, /const unsaved = true;/, 'the buffer, not the disk, was the context');
  assert.ok(ed.reads.includes(file), 'acdc read the file through the editor');
  assert.equal(ed.permissions.length, 1);
  const call = updates.find((u) => u.sessionUpdate === 'tool_call');
  assert.equal(ed.permissions[0].toolCall.toolCallId, call.toolCallId);
  assert.deepEqual(ed.permissions[0].options.map((o) => o.kind), ['allow_once', 'allow_always', 'reject_once']);
  assert.equal(call.content[0].oldText, BUFFER);
  assert.deepEqual(ed.writes, [{ sessionId, path: file, content: BUFFER.replace('unsaved = true', 'unsaved = false') }]);
  assert.equal(callStatuses(updates, call.toolCallId).at(-1), 'completed');
  assert.equal(readFileSync(file, 'utf8'), ON_DISK, 'acdc left the disk to the editor');
});

test('"Make main return 1" with no file attached: the agent reads main.c itself, and its edit is written through the editor', async () => {
  const main = join(ed.project.repo, 'main.c');
  writeFileSync(main, 'int main(void) {\n  return 0;\n}\n');
  ed.buffers.set(main, readFileSync(main, 'utf8'));  // open in the editor, not attached to the prompt
  ed.permission = allow('allow_once');
  await fake.queue([
    { text: '', tool_calls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"main.c"}' }] },
    { text: `Done.\n\n${editBlock('main.c', '  return 0;', '  return 1;')}` },
  ]);
  const { response, updates } = await ed.prompt(sessionId, [{ type: 'text', text: 'Make main return 1' }]);
  assert.equal(response.stopReason, 'end_turn');
  // The agent's read is a tool call of its own, kind read, located at the file.
  const read = updates.find((u) => u.sessionUpdate === 'tool_call' && u.kind === 'read');
  assert.equal(read.title, 'read_file main.c');
  assert.deepEqual(read.locations, [{ path: main }]);
  assert.equal(callStatuses(updates, read.toolCallId).at(-1), 'completed');
  assert.deepEqual(ed.writes, [{ sessionId, path: main, content: 'int main(void) {\n  return 1;\n}\n' }]);
});

test('in Ask mode "Make main return 1" with no file attached asks once to add src/main.c and apply, then writes through the editor', async () => {
  const askSession = await ed.newSession();
  const [option] = askSession.configOptions;
  assert.equal(option.id, 'agent');
  assert.equal(option.currentValue, 'agent', 'Agent is the default over ACP');
  assert.deepEqual(option.options.map((o) => o.value), ['ask', 'agent']);
  const set = await ed.agent.request('session/set_config_option', { sessionId: askSession.sessionId, configId: 'agent', value: 'ask' });
  assert.equal(set.configOptions[0].currentValue, 'ask');
  await assert.rejects(ed.agent.request('session/set_config_option', { sessionId: askSession.sessionId, configId: 'agent', value: 'yolo' }),
    /"ask" or "agent"/);
  await assert.rejects(ed.agent.request('session/set_config_option', { sessionId: askSession.sessionId, configId: 'model', value: 'x' }),
    /unknown config option/);

  // src/main.c: main.c is selected already (the Agent test above read it).
  mkdirSync(join(ed.project.repo, 'src'), { recursive: true });
  const main = join(ed.project.repo, 'src/main.c');
  writeFileSync(main, 'int main(void) {\n  return 0;\n}\n');
  ed.buffers.set(main, readFileSync(main, 'utf8'));
  ed.permission = allow('allow_once');
  await fake.queue([{ text: `Done.\n\n${editBlock('src/main.c', '  return 0;', '  return 1;')}` }]);
  const { response, updates } = await ed.prompt(askSession.sessionId, [{ type: 'text', text: 'Make main return 1' }]);
  assert.equal(response.stopReason, 'end_turn');
  assert.ok(!(await fake.requests()).at(-1).body.includes('"tools"'), 'an Ask turn offers the model no tools');
  assert.equal(ed.permissions.length, 1, 'one question: add and apply, which is the write\'s too');
  const asked = ed.permissions[0];
  assert.equal(asked.toolCall.kind, 'edit');
  assert.deepEqual(asked.toolCall.locations, [{ path: main }]);
  assert.match(asked.toolCall.title, /Add src\/main\.c to the context and apply/);
  assert.deepEqual(asked.options.map((o) => o.name), ['Add and apply', 'Always add the files an answer edits', 'Do not apply']);
  assert.deepEqual(ed.writes, [{ sessionId: askSession.sessionId, path: main, content: 'int main(void) {\n  return 1;\n}\n' }]);
  const call = updates.find((u) => u.sessionUpdate === 'tool_call' && u.kind === 'edit');
  assert.equal(callStatuses(updates, call.toolCallId).at(-1), 'completed');

  // src/main.c is selected now; another file is not. Not allowed: nothing is
  // written, and the edit's tool call says why.
  const util = join(ed.project.repo, 'util.c');
  writeFileSync(util, 'int two(void) { return 2; }\n');
  ed.permissions.length = 0;
  ed.writes.length = 0;
  ed.permission = allow('reject_once');
  await fake.queue([{ text: editBlock('util.c', 'return 2;', 'return 3;') }]);
  const refused = await ed.prompt(askSession.sessionId, [{ type: 'text', text: 'Make two return 3' }]);
  assert.equal(ed.permissions.length, 1);
  assert.deepEqual(ed.writes, []);
  const failed = refused.updates.find((u) => u.sessionUpdate === 'tool_call' && u.kind === 'edit');
  assert.equal(failed.status, 'failed');
  assert.match(JSON.stringify(failed), /not in active context/);
});

test('a rejected edit is written nowhere and its tool call fails', async () => {
  ed.permission = allow('reject_once');
  const { response, updates } = await flipUnsaved(false);
  assert.equal(response.stopReason, 'end_turn');
  assert.equal(ed.permissions.length, 1);
  assert.deepEqual(ed.writes, []);
  assert.equal(ed.buffers.get(file), BUFFER);
  const call = updates.find((u) => u.sessionUpdate === 'tool_call');
  assert.equal(callStatuses(updates, call.toolCallId).at(-1), 'failed');
  assert.match(JSON.stringify(updates.filter((u) => u.toolCallId === call.toolCallId)), /rejected/);
});

test('allow always asks once for the session', async () => {
  ed.permission = allow('allow_always');
  await flipUnsaved(false);
  await flipUnsaved(true);
  assert.equal(ed.permissions.length, 1);
  assert.equal(ed.writes.length, 2);
  assert.equal(ed.buffers.get(file), BUFFER);
});

test('without the fs capability an allowed edit is written on disk by acdc', async () => {
  const plain = await Editor.start(fake);
  try {
    await plain.initialize();
    const session = (await plain.newSession()).sessionId;
    const disk = join(plain.project.repo, 'app.js');
    await fake.queue([{ text: editBlock('app.js', 'const answer = 41;', 'const answer = 43;') }]);
    const { updates } = await plain.prompt(session, [{ type: 'text', text: 'make it 43: ' },
      { type: 'resource_link', uri: `file://${disk}`, name: 'app.js' }]);
    assert.equal(plain.permissions.length, 1, 'the edit asked first');
    assert.equal(readFileSync(disk, 'utf8'), 'const answer = 43;\nexport default answer;\n');
    const call = updates.find((u) => u.sessionUpdate === 'tool_call');
    assert.equal(callStatuses(updates, call.toolCallId).at(-1), 'completed');
  } finally {
    await plain.close();
  }
});

test('the agent\'s command asks through session/request_permission, runs once allowed, and is a tool call of kind execute', async () => {
  const withExec = await Editor.start(fake, { exec: true });
  try {
    await withExec.initialize();
    const session = (await withExec.newSession()).sessionId;
    withExec.permission = allow('allow_once');
    await fake.queue([
      { text: '', tool_calls: [{ id: 'call_1', name: 'run_command', arguments: '{"command":"grep -c answer app.js"}' }] },
      { text: 'It appears twice.' },
    ]);
    const { response, updates } = await withExec.prompt(session, 'how often does app.js say answer?');
    assert.equal(response.stopReason, 'end_turn');
    assert.equal(withExec.permissions.length, 1);
    const asked = withExec.permissions[0].toolCall;
    assert.equal(asked.kind, 'execute');
    assert.equal(asked.title, 'Run `grep -c answer app.js`');
    const call = updates.find((u) => u.sessionUpdate === 'tool_call' && u.kind === 'execute');
    assert.equal(call.toolCallId, asked.toolCallId, 'the question names the step\'s tool call');
    assert.equal(callStatuses(updates, call.toolCallId).at(-1), 'completed');
    const sent = await fake.requests();
    // The model read the exit code and the output (raw JSON text: "\n" as written there).
    assert.ok(sent.at(-1).body.includes('exit code 0'), sent.at(-1).body);
    assert.ok(sent.at(-1).body.includes('(sandbox: workspace-write)\\n2'), sent.at(-1).body);

    withExec.permission = allow('reject_once');
    await fake.queue([
      { text: '', tool_calls: [{ id: 'call_2', name: 'run_command', arguments: '{"command":"touch rejected"}' }] },
      { text: 'Not run.' },
    ]);
    await withExec.prompt(session, 'make a file');
    assert.ok((await fake.requests()).at(-1).body.includes('did not allow'));
  } finally {
    await withExec.close();
  }
});

test('an editor that offers terminals runs the agent\'s command in one, shown in the step\'s tool call, and the model reads its output', async () => {
  const withTerminal = await Editor.start(fake, { exec: true, terminal: true });
  try {
    await withTerminal.initialize();
    const session = (await withTerminal.newSession()).sessionId;
    withTerminal.permission = allow('allow_once');
    await fake.queue([
      { text: '', tool_calls: [{ id: 'call_t', name: 'run_command', arguments: '{"command":"echo from-the-editor; exit 3"}' }] },
      { text: 'It said so.' },
    ]);
    const { response, updates } = await withTerminal.prompt(session, 'run it in my terminal');
    assert.equal(response.stopReason, 'end_turn');
    assert.equal(withTerminal.permissions.length, 1, 'asked first, as any command');
    assert.equal(withTerminal.terminals.size, 1);
    const [[id, term]] = [...withTerminal.terminals];
    assert.equal(term.params.cwd, withTerminal.project.repo);
    assert.deepEqual(term.params.args.slice(-3), ['bash', '-c', 'echo from-the-editor; exit 3']);
    assert.ok(term.released, 'the terminal was released');
    const shown = updates.find((u) => u.sessionUpdate === 'tool_call_update' && u.content?.[0]?.type === 'terminal');
    assert.equal(shown.content[0].terminalId, id);
    assert.equal(shown.toolCallId, 'step-call_t');
    const body = (await fake.requests()).at(-1).body;
    assert.ok(body.includes('exit code 3 (in the editor'), body);
    assert.ok(body.includes('from-the-editor'), body);
  } finally {
    await withTerminal.close();
  }
});
