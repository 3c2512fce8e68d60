// Frames an editor should never send, written raw on the agent's stdin: each
// is answered as JSON-RPC 2.0 says (-32700, -32600, -32601, -32602), stdout
// carries nothing but JSON-RPC, and the agent keeps serving afterwards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { agentCommand, makeProject } from './acp_editor.mjs';

let fake, child, project;
const lines = [];
let waiters = [];
let stderr = '';

function next(pred, what) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const i = lines.findIndex(pred);
      if (i < 0) return false;
      const [hit] = lines.splice(i, 1);
      done();
      resolve(hit);
      return true;
    };
    const timer = setTimeout(() => { done(); reject(new Error(`no ${what}; stderr:\n${stderr}`)); }, 20000);
    const done = () => { clearTimeout(timer); waiters = waiters.filter((w) => w !== check); };
    if (!check()) waiters.push(check);
  });
}

const send = (text) => child.stdin.write(text + '\n');
const answerTo = (id) => next((l) => l.id === id && ('result' in l || 'error' in l), `answer to ${id}`);

before(async () => {
  fake = await startFakeProvider();
  project = makeProject(fake);
  const { bin, args, options } = agentCommand(project);
  child = spawn(bin, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', (c) => { stderr += c; });
  let pending = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    for (let nl; (nl = pending.indexOf('\n')) >= 0; pending = pending.slice(nl + 1)) {
      lines.push(JSON.parse(pending.slice(0, nl)));  // anything but JSON on stdout fails the test here
      for (const w of [...waiters]) w();
    }
  });
});

after(async () => {
  child.stdin.end();
  await new Promise((resolve) => child.on('exit', resolve));
  await fake.stop();
});

test('a line that is not JSON is a parse error with a null id', async () => {
  send('this is not json');
  const r = await next((l) => l.error?.code === -32700, 'a -32700');
  assert.equal(r.id, null);
  assert.equal(r.jsonrpc, '2.0');
});

test('a batch, a wrong version and a message without a method are invalid requests', async () => {
  send('[{"jsonrpc":"2.0","id":1,"method":"initialize"}]');
  assert.equal((await next((l) => l.error?.code === -32600, 'a -32600 for a batch')).id, null);
  send('{"jsonrpc":"1.0","id":2,"method":"initialize","params":{"protocolVersion":1}}');
  assert.equal((await answerTo(2)).error.code, -32600);
  send('{"jsonrpc":"2.0","id":3}');
  assert.equal((await answerTo(3)).error.code, -32600);
});

test('an unknown method is -32601; an unknown notification is dropped', async () => {
  send('{"jsonrpc":"2.0","method":"editor/whatever","params":{}}');
  send('{"jsonrpc":"2.0","id":"m1","method":"session/fly","params":{}}');
  const r = await answerTo('m1');
  assert.equal(r.error.code, -32601);
  assert.match(r.error.message, /session\/fly/);
});

test('missing or wrong params are -32602 with what to send', async () => {
  send('{"jsonrpc":"2.0","id":4,"method":"initialize","params":{}}');
  const init = await answerTo(4);
  assert.equal(init.error.code, -32602);
  assert.match(init.error.message, /protocolVersion/);
  send('{"jsonrpc":"2.0","id":5,"method":"session/new","params":{"cwd":"relative/dir","mcpServers":[]}}');
  assert.equal((await answerTo(5)).error.code, -32602);
  send('{"jsonrpc":"2.0","id":6,"method":"session/prompt","params":{"sessionId":"nope","prompt":[]}}');
  assert.equal((await answerTo(6)).error.code, -32002);
});

test('after all of that the agent still serves: initialize, a session and a turn', async () => {
  send('{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":1}}');
  assert.equal((await answerTo(7)).result.protocolVersion, 1);
  send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'session/new', params: { cwd: project.repo, mcpServers: [] } }));
  const { sessionId } = (await answerTo(8)).result;
  await fake.queue([{ text: 'Still here.' }]);
  send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'session/prompt',
    params: { sessionId, prompt: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] } }));
  assert.equal((await answerTo(9)).error.code, -32602, 'audio is refused, not crashed on');
  send(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'hi' }] } }));
  assert.equal((await answerTo(10)).result.stopReason, 'end_turn');
});
