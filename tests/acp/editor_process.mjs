// editor_process.mjs -- an editor in a process of its own, for the kill -9
// test: it starts `acdc acp` for the project given as JSON in argv[2],
// opens a session, sends a prompt, and prints "streaming <sessionId>" once the
// first chunk of the answer arrived; then it waits to be killed.
import { Editor } from './acp_editor.mjs';

const project = JSON.parse(process.argv[2]);
const ed = await Editor.start(null, { project });
await ed.initialize();
const { sessionId } = await ed.newSession();
ed.prompt(sessionId, 'tell me a long story').catch(() => {});
await ed.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk');
process.stdout.write(`streaming ${sessionId} ${ed.child.pid}\n`);
setInterval(() => {}, 1000);
