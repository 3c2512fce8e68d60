// kill -9 of the editor in the middle of a turn: acdc's stdin ends, the agent
// stops the turn and exits by itself, and the session's history is whole:
// every line of .acdc/history.jsonl parses, and another agent loads the
// session with the prompt and the part of the answer that arrived.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { Editor, makeProject, textOf } from './acp_editor.mjs';

const here = dirname(fileURLToPath(import.meta.url));
let fake;

after(() => fake?.stop());

async function exited(pid, timeout = 15000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`acdc acp (pid ${pid}) still runs ${timeout} ms after its editor died`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('kill -9 of the editor mid-turn leaves the history readable and the session loadable', async () => {
  fake = await startFakeProvider();
  const project = makeProject(fake);
  await fake.queue([{ text: 'Once upon a time, '.repeat(200), chunk_chars: 4, delay_ms: 10 }]);
  const editor = spawn(process.execPath, [join(here, 'editor_process.mjs'), JSON.stringify(project)],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: editor.stdout }).once('line', resolve);
    editor.once('exit', (code) => reject(new Error(`the editor exited with ${code} before streaming`)));
  });
  const [, sessionId, pid] = /^streaming (\S+) (\d+)$/.exec(line);
  editor.kill('SIGKILL');
  await exited(Number(pid));

  const history = readFileSync(join(project.repo, '.acdc', 'history.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(history.some((m) => m.role === 'user' && m.content === 'tell me a long story'));

  const ed = await Editor.start(fake, { project });
  try {
    await ed.initialize();
    await ed.agent.request('session/load', { sessionId, cwd: project.repo, mcpServers: [] });
    const replay = ed.updates.map((u) => u.update);
    assert.ok(replay.some((u) => u.sessionUpdate === 'user_message_chunk' && u.content.text === 'tell me a long story'));
    assert.match(textOf(replay, 'agent_message_chunk'), /^Once[\s\S]*\[stopped\]$/, 'what arrived, marked as stopped');
  } finally {
    await ed.close();
  }
});
