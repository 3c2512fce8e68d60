// bench/mcp-client -- the peer: the official TypeScript SDK's client calling
// a stdio MCP server's tool, timed per call as main.cpp times acdc's client.
//   node sdk_client.mjs <calls> <tool> <arguments JSON> -- <server command...>
// Prints {"connect_ms": n, "calls_ms": [...]} on stdout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [calls, tool, args, dashes, command, ...serverArgs] = process.argv.slice(2);
if (dashes !== '--') throw new Error('usage: sdk_client.mjs <calls> <tool> <arguments> -- <server command...>');
const t0 = performance.now();
const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args: serverArgs, stderr: 'ignore' }));
await client.listTools();
const connectMs = performance.now() - t0;
const times = [];
for (let i = 0; i < Number(calls); ++i) {
  const s = performance.now();
  await client.callTool({ name: tool, arguments: JSON.parse(args) });
  times.push(performance.now() - s);
}
await client.close();
process.stdout.write(JSON.stringify({ connect_ms: connectMs, calls_ms: times }) + '\n');
