// One connection at 1 x 1 against a host running under callgrind: warms up,
// zeroes the host's counters, makes `calls` Echo.echo calls (the load
// client's frame, bench/host/load_connection.cpp), dumps the counters.
//   node instructions_client.mjs <port> <token> <valgrind pid> <calls>
import WebSocket from 'ws';
import { execFileSync } from 'node:child_process';

const [port, token, pid, calls] = process.argv.slice(2);
const clientMap = '{"Client.chunk":true}';
const ws = new WebSocket(`ws://127.0.0.1:${port}/?token=${token}`);
let id = 100;
let phase = 'handshake';
let left = 0;

const call = () =>
  ws.send(`{"jsonrpc":"2.0","method":"Echo.echo","params":{"args":["0123456789abcdef"]},"id":${id++}}`);
const callgrind = (command) => execFileSync('callgrind_control', [command, pid], { stdio: 'ignore' });

ws.on('open', () => ws.send(`{"jsonrpc":"2.0","method":"system.listComponents","params":${clientMap},"id":1}`));
ws.on('error', (e) => { console.error(`instructions client: ${e.message}`); process.exit(1); });
ws.on('message', (data) => {
  const m = JSON.parse(data.toString());
  if (m.method) {  // the host's own listComponents
    if (m.id !== undefined) ws.send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: JSON.parse(clientMap) }));
    return;
  }
  if (m.error) { console.error(`instructions client: ${JSON.stringify(m.error)}`); process.exit(1); }
  if (phase === 'handshake') {
    if (m.id !== 1) return;
    phase = 'warm-up';
    left = 500;
  } else if (phase === 'warm-up' && --left === 0) {
    callgrind('-z');
    phase = 'measured';
    left = Number(calls);
  } else if (phase === 'measured' && --left === 0) {
    callgrind('-d');
    ws.close();
    return;
  }
  call();
});
