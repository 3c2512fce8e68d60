// bench/mcp-client -- does starting five configured MCP servers delay
// acdc's start? (issue 40). acdc is started on the same repository with no
// server configured and with five (server-everything over stdio, each a
// node process), runs interleaved; for each start: the time to serving (the
// port announced on stderr), to the first answer over WebSocket
// (Host.list_plugins), and, with five, to all five connected
// (McpClient.servers, polled every 20 ms). A third repository configures
// five servers that take no CPU (`sleep`, which never answers): against it
// the first answer shows acdc's own cost of starting five servers (threads,
// fork and exec) apart from the five node processes' start, which on a
// 2-core machine competes with everything else for the CPU.
//
//   node bench/mcp-client/startup.mjs [--acdc build/acdc] [--plugin-dir build/plugins] [--runs 5]
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from '../../tests/support/js/host.mjs';
import { connect } from '../../tests/support/js/jrpc.mjs';

const { values: opt } = parseArgs({
  options: {
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    runs: { type: 'string', default: '5' },
  },
});
const CONFIG = 'plugins:\n  - name: repo\n  - name: mcp-client\n    config_files: [app.yaml]\n';
const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

function makeRepo(dir, servers, entry = { command: 'node', args: [EVERYTHING, 'stdio'] }) {
  mkdirSync(join(dir, '.acdc'), { recursive: true });
  execFileSync('git', ['init', '-q', dir]);
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  const mcpServers = {};
  for (let i = 0; i < servers; ++i) mcpServers[`s${i}`] = entry;
  writeFileSync(join(dir, '.acdc', 'mcp.json'), JSON.stringify({ mcpServers }));
}

async function start(repo, servers, waitConnected = true) {
  const t0 = performance.now();
  const host = await startHost({ config: CONFIG, repo, bin: resolve(opt.acdc), pluginDirs: [resolve(opt['plugin-dir'])] });
  const serving = performance.now() - t0;
  const client = await connect(host);
  await client.server['Host.list_plugins']();
  const answering = performance.now() - t0;
  let connected = null;
  if (servers > 0 && waitConnected) {
    for (;;) {
      const list = await client.server['McpClient.servers']();
      if (list.filter((s) => s.status === 'connected').length === servers) break;
      if (performance.now() - t0 > 60000) throw new Error('the servers did not all connect in 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    connected = performance.now() - t0;
  }
  client.close();
  await host.stop();
  return { serving, answering, connected };
}

const dir = mkdtempSync(join(tmpdir(), 'acdc-bench-mcp-start-'));
try {
  if (!existsSync(resolve(opt.acdc))) throw new Error(`${opt.acdc} is not built`);
  makeRepo(join(dir, 'none'), 0);
  makeRepo(join(dir, 'five'), 5);
  makeRepo(join(dir, 'idle'), 5, { command: 'sleep', args: ['60'] });
  const none = [], five = [], idle = [];
  for (let i = 0; i < Number(opt.runs); ++i) {
    none.push(await start(join(dir, 'none'), 0));
    five.push(await start(join(dir, 'five'), 5));
    idle.push(await start(join(dir, 'idle'), 5, false));
    process.stderr.write(`run ${i + 1}: none ${none.at(-1).serving.toFixed(0)} ms, five ${five.at(-1).serving.toFixed(0)} ms ` +
      `(all connected at ${five.at(-1).connected.toFixed(0)} ms)\n`);
  }
  const row = (name, runs, key) => `| ${name} | ${median(runs.map((r) => r.serving)).toFixed(0)} | ` +
    `${median(runs.map((r) => r.answering)).toFixed(0)} | ${key ? median(runs.map((r) => r.connected)).toFixed(0) : '-'} |`;
  console.log(`| acdc start (median of ${opt.runs}) | serving ms | first answer ms | five servers connected ms |`);
  console.log('|---|---|---|---|');
  console.log(row('no MCP server', none, false));
  console.log(row('five MCP servers', five, true));
  console.log(row('five idle servers (sleep)', idle, false));
  const ratio = (runs) => (median(runs.map((r) => r.answering)) / median(none.map((r) => r.answering))).toFixed(2);
  console.log(`\nfirst answer with five servers: ${ratio(five)}x without; with five idle ones: ${ratio(idle)}x (1.00: no delay)`);
} catch (e) {
  process.stderr.write(`mcp-client startup bench failed: ${e.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
