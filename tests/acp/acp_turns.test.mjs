// `acdc acp` driven by the ACP SDK's client, an editor without fs
// capabilities: initialize, a new session, streamed turns (answer, reasoning,
// stop reasons), an edit written by acdc on disk, a failing provider, cancel
// mid-stream, session/load replaying acdc's own history in a second agent,
// session/resume and session/close.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { Editor, editBlock, textOf } from './acp_editor.mjs';

let fake, ed, sessionId;

before(async () => {
  fake = await startFakeProvider();
  ed = await Editor.start(fake, { appYaml: 'acp:\n  edits: apply\n' });
});

after(async () => {
  await ed?.close();
  await fake?.stop();
});

beforeEach(() => fake.reset());

test('initialize names protocol 1, session loading, images and embedded context', async () => {
  const init = await ed.initialize();
  assert.equal(init.protocolVersion, 1);
  assert.equal(init.agentCapabilities.loadSession, true);
  assert.equal(init.agentCapabilities.promptCapabilities.image, true);
  assert.equal(init.agentCapabilities.promptCapabilities.embeddedContext, true);
  assert.equal(init.agentInfo.name, 'acdc');
  assert.deepEqual(init.agentCapabilities.sessionCapabilities.list, {});
});

test('session/new opens the repository with acdc\'s code and doc modes', async () => {
  const created = await ed.newSession({ mcpServers: [{ name: 'x', command: '/bin/true', args: [], env: [] }] });
  sessionId = created.sessionId;
  assert.ok(sessionId);
  assert.equal(created.modes.currentModeId, 'code');
  assert.deepEqual(created.modes.availableModes.map((m) => m.id), ['code', 'doc']);
});

test('a turn streams its reasoning and its answer and ends the turn', async () => {
  await fake.queue([{ text: 'Hello from acdc, streamed in pieces.', reasoning: 'Thinking it over.', chunk_chars: 4, delay_ms: 1 }]);
  const { response, updates } = await ed.prompt(sessionId, 'say hello');
  assert.equal(response.stopReason, 'end_turn');
  assert.equal(textOf(updates, 'agent_message_chunk'), 'Hello from acdc, streamed in pieces.');
  assert.equal(textOf(updates, 'agent_thought_chunk'), 'Thinking it over.');
  const sent = JSON.parse((await fake.requests()).at(-1).body);
  assert.match(sent.messages.at(-1).content.at?.(-1)?.text ?? JSON.stringify(sent.messages.at(-1).content), /say hello/);
});

test('a turn ends with a usage_update: tokens in context, the window, and the session\'s cost at the model\'s price', async () => {
  const fresh = (await ed.newSession()).sessionId;
  // gpt-4o at its list price, $2.50 and $10 per million input and output tokens.
  await fake.queue([{ text: 'One.', usage: { input_tokens: 1000, output_tokens: 100 } }]);
  let { response, updates } = await ed.prompt(fresh, 'first');
  assert.equal(response.stopReason, 'end_turn');
  let usage = updates.filter((u) => u.sessionUpdate === 'usage_update');
  assert.equal(usage.length, 1);
  assert.ok(usage[0].used > 0);
  assert.equal(usage[0].size, 128000);
  assert.deepEqual(usage[0].cost, { amount: 0.0035, currency: 'USD' });
  await fake.queue([{ text: 'Two.', usage: { input_tokens: 2000, output_tokens: 100 } }]);
  ({ updates } = await ed.prompt(fresh, 'second'));
  usage = updates.filter((u) => u.sessionUpdate === 'usage_update');
  assert.equal(usage.length, 1);
  assert.equal(usage[0].cost.amount, 0.0095);  // the session's, not the turn's
});

test('an edit to a linked file is written on disk by acdc and told as an edit tool call', async () => {
  const file = join(ed.project.repo, 'app.js');
  await fake.queue([{ text: `Making it 42.\n\n${editBlock('app.js', 'const answer = 41;', 'const answer = 42;')}`, chunk_chars: 16 }]);
  const { response, updates } = await ed.prompt(sessionId, [
    { type: 'text', text: 'make the answer 42 in ' },
    { type: 'resource_link', uri: `file://${file}`, name: 'app.js' },
  ]);
  assert.equal(response.stopReason, 'end_turn');
  assert.equal(readFileSync(file, 'utf8'), 'const answer = 42;\nexport default answer;\n');
  const call = updates.find((u) => u.sessionUpdate === 'tool_call');
  assert.equal(call.kind, 'edit');
  assert.deepEqual(call.content[0], { type: 'diff', path: file, oldText: 'const answer = 41;\nexport default answer;\n',
    newText: 'const answer = 42;\nexport default answer;\n' });
  const statuses = updates.filter((u) => u.toolCallId === call.toolCallId && u.sessionUpdate === 'tool_call_update').map((u) => u.status);
  assert.equal(statuses.at(-1), 'completed');
  const sent = JSON.stringify(JSON.parse((await fake.requests()).at(-1).body).messages);
  assert.match(sent, /const answer = 41;/, 'the linked file was in the prompt');
});

test('an edit whose anchor is not in the file is a failed edit tool call with acdc\'s reason', async () => {
  await fake.queue([{ text: editBlock('app.js', 'const nothing = 0;', 'const nothing = 1;'), chunk_chars: 64 }]);
  const file = join(ed.project.repo, 'app.js');
  const { updates } = await ed.prompt(sessionId, [{ type: 'text', text: 'edit ' }, { type: 'resource_link', uri: `file://${file}`, name: 'app.js' }]);
  const call = updates.find((u) => u.sessionUpdate === 'tool_call');
  assert.equal(call.status, 'failed');
  assert.match(call.content.at(-1).content.text, /not found/i);
});

test('an answer cut at the token limit stops with max_tokens', async () => {
  await fake.queue([{ events: [{ choices: [{ index: 0, delta: { content: 'So much to' } }] },
    { choices: [{ index: 0, delta: {}, finish_reason: 'length' }], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }] }]);
  const { response } = await ed.prompt(sessionId, 'write a lot');
  assert.equal(response.stopReason, 'max_tokens');
});

test('a failing provider answers the prompt with its error, and the agent keeps serving', async () => {
  await fake.queue([{ status: 500, body: '{"error":{"message":"upstream exploded"}}' }]);
  await assert.rejects(ed.prompt(sessionId, 'fail please'), (e) => /exploded|500/.test(e.message));
  await fake.queue([{ text: 'Back again.' }]);
  const { response, updates } = await ed.prompt(sessionId, 'again');
  assert.equal(response.stopReason, 'end_turn');
  assert.equal(textOf(updates, 'agent_message_chunk'), 'Back again.');
});

test('session/cancel mid-stream ends the turn as cancelled', async () => {
  await fake.queue([{ text: 'x'.repeat(400), chunk_chars: 1, delay_ms: 25 }]);
  const from = ed.updates.length;
  const answer = ed.prompt(sessionId, 'a long one');
  await ed.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk', from);
  await ed.agent.notify('session/cancel', { sessionId });
  const { response } = await answer;
  assert.equal(response.stopReason, 'cancelled');
});

test('session/set_mode switches acdc to doc mode', async () => {
  await ed.agent.request('session/set_mode', { sessionId, modeId: 'doc' });
  await assert.rejects(ed.agent.request('session/set_mode', { sessionId, modeId: 'poetry' }), /code and doc/);
  await ed.agent.request('session/set_mode', { sessionId, modeId: 'code' });
});

test('session/load in another agent replays the session from acdc\'s history', async () => {
  const other = await Editor.start(fake, { project: ed.project });
  try {
    await other.initialize();
    const loaded = await other.agent.request('session/load', { sessionId, cwd: ed.project.repo, mcpServers: [] });
    assert.equal(loaded.modes.currentModeId, 'code');
    const replay = other.updates.filter((u) => u.sessionId === sessionId).map((u) => u.update);
    const said = replay.filter((u) => u.sessionUpdate === 'user_message_chunk').map((u) => u.content.text);
    assert.ok(said.includes('say hello'), `the first prompt is replayed: ${JSON.stringify(said)}`);
    assert.match(textOf(replay, 'agent_message_chunk'), /Hello from acdc, streamed in pieces\./);
    assert.match(textOf(replay, 'agent_thought_chunk'), /Thinking it over\./);
    assert.ok(replay.some((u) => u.sessionUpdate === 'tool_call' && u.kind === 'edit' && u.status === 'completed'));
    await assert.rejects(other.agent.request('session/load', { sessionId: 'no-such-session', cwd: ed.project.repo, mcpServers: [] }),
      /unknown/);
  } finally {
    await other.close();
  }
});

test('session/list names acdc\'s sessions of this repository, newest first, each titled by its first message', async () => {
  const { sessions, nextCursor } = await ed.agent.request('session/list', {});
  const mine = sessions.find((s) => s.sessionId === sessionId);
  assert.ok(mine, JSON.stringify(sessions));
  assert.equal(mine.cwd, realpathSync(ed.project.repo));
  assert.equal(mine.title, 'say hello');
  assert.match(mine.updatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const times = sessions.map((s) => s.updatedAt);
  assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
  assert.equal(nextCursor, undefined, 'one page');
  const here = await ed.agent.request('session/list', { cwd: ed.project.repo });
  assert.equal(here.sessions.length, sessions.length);
  assert.deepEqual((await ed.agent.request('session/list', { cwd: '/' })).sessions, [], 'another folder has none here');
  await assert.rejects(ed.agent.request('session/list', { cursor: 'page-two' }), /cursor/);
  await assert.rejects(ed.agent.request('session/list', { cwd: 'relative/dir' }), /absolute/);
});

test('session/resume in another agent goes on without a replay; session/close cancels its prompt and ends it', async () => {
  const other = await Editor.start(fake, { project: ed.project });
  try {
    const init = await other.initialize();
    assert.deepEqual(init.agentCapabilities.sessionCapabilities.resume, {});
    assert.deepEqual(init.agentCapabilities.sessionCapabilities.close, {});
    const resumed = await other.agent.request('session/resume', { sessionId, cwd: ed.project.repo, mcpServers: [] });
    assert.equal(resumed.modes.currentModeId, 'code');
    assert.ok(resumed.configOptions.some((o) => o.id === 'agent'));
    // The commands come after the answer; with no replay, nothing before them.
    await other.waitForUpdate((u) => u.sessionUpdate === 'available_commands_update');
    const mine = other.updates.filter((u) => u.sessionId === sessionId).map((u) => u.update.sessionUpdate);
    assert.deepEqual(mine, ['available_commands_update'], 'nothing is replayed');
    // The model sees the conversation so far.
    await fake.queue([{ text: 'Going on.' }]);
    const { response } = await other.prompt(sessionId, 'go on');
    assert.equal(response.stopReason, 'end_turn');
    assert.match((await fake.requests()).at(-1).body, /say hello/);

    await fake.queue([{ text: 'x'.repeat(400), chunk_chars: 1, delay_ms: 25 }]);
    const from = other.updates.length;
    const long = other.prompt(sessionId, 'a long one');
    await other.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk', from);
    assert.deepEqual(await other.agent.request('session/close', { sessionId }), {});
    assert.equal((await long).response.stopReason, 'cancelled');
    await assert.rejects(other.prompt(sessionId, 'after the close'), /unknown session/);
    // acdc answers -32002 (not found), which ACP and its SDK take as closed: the same end state.
    assert.deepEqual(await other.agent.request('session/close', { sessionId: 'no-such-session' }), {});
    await assert.rejects(other.agent.request('session/resume', { sessionId, cwd: 'relative', mcpServers: [] }), /absolute/);
  } finally {
    await other.close();
  }
});

test('slash commands: announced when a session opens, done by the agent without the model', async () => {
  const announced = ed.updates.find((u) => u.sessionId === sessionId && u.update.sessionUpdate === 'available_commands_update');
  assert.deepEqual(announced.update.availableCommands.map((c) => c.name), ['agent', 'mode', 'undo']);
  assert.equal(announced.update.availableCommands[0].input.hint, 'on or off');
  const asked = (await fake.requests()).length;

  let { response, updates } = await ed.prompt(sessionId, '/agent off');
  assert.equal(response.stopReason, 'end_turn');
  assert.match(textOf(updates, 'agent_message_chunk'), /^Ask mode is on/);
  const options = updates.find((u) => u.sessionUpdate === 'config_option_update');
  assert.equal(options.configOptions[0].currentValue, 'ask');
  ({ updates } = await ed.prompt(sessionId, '/agent maybe'));
  assert.match(textOf(updates, 'agent_message_chunk'), /Say `\/agent on`/);
  ({ updates } = await ed.prompt(sessionId, '  /agent on '));
  assert.equal(updates.find((u) => u.sessionUpdate === 'config_option_update').configOptions[0].currentValue, 'agent');

  ({ updates } = await ed.prompt(sessionId, '/mode doc'));
  assert.equal(updates.find((u) => u.sessionUpdate === 'current_mode_update').currentModeId, 'doc');
  ({ updates } = await ed.prompt(sessionId, '/mode code'));
  assert.equal(updates.find((u) => u.sessionUpdate === 'current_mode_update').currentModeId, 'code');

  // The answer that made app.js say 42 (above) is the newest with edits to take back.
  const file = join(ed.project.repo, 'app.js');
  assert.equal(readFileSync(file, 'utf8'), 'const answer = 42;\nexport default answer;\n');
  ({ updates } = await ed.prompt(sessionId, '/undo'));
  assert.match(textOf(updates, 'agent_message_chunk'), /Undid an answer's edits.*app\.js/);
  assert.equal(readFileSync(file, 'utf8'), 'const answer = 41;\nexport default answer;\n');
  ({ updates } = await ed.prompt(sessionId, '/undo'));
  assert.match(textOf(updates, 'agent_message_chunk'), /^Nothing to undo/);
  assert.equal((await fake.requests()).length, asked, 'no command reached the model');
});
