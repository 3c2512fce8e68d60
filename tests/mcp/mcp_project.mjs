// mcp_project.mjs -- a repository for the MCP tests and `acdc mcp` on it,
// driven by the official TypeScript SDK's Client over stdio.
//
//   const fake = await startFakeProvider();
//   const project = makeProject(fake);                 // a git repo, acdc's config for the fake
//   const { client, close } = await connectStdio(project);
//   const r = await client.callTool({ name: 'read_file', arguments: { path: 'src/shapes.py' } });
//   await close();
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const SHAPES = `class Shape:
    def area(self):
        return 0


def total_area(shapes):
    return sum(s.area() for s in shapes)
`;
export const MAIN = `from shapes import Shape, total_area


def report(shapes):
    print(total_area(shapes))
`;

// `plugins`: the acdc.yaml plugin list (a trimmed build serves fewer).
export function makeProject(fake, { plugins = ['settings', 'repo', 'symbol-index', 'llm'], extraFiles = 0 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'acdc-mcp-'));
  const repo = join(dir, 'repo');
  const configHome = join(dir, 'config');
  mkdirSync(join(repo, 'src'), { recursive: true });
  mkdirSync(configHome);
  const git = (...args) => execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args]);
  git('init', '-q');
  writeFileSync(join(repo, 'src', 'shapes.py'), SHAPES);
  writeFileSync(join(repo, 'src', 'main.py'), MAIN);
  if (extraFiles) {
    mkdirSync(join(repo, 'notes'));
    for (let i = 0; i < extraFiles; ++i) writeFileSync(join(repo, 'notes', `n${String(i).padStart(3, '0')}.txt`), `note ${i}\n`);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'shapes and main');
  writeFileSync(join(repo, 'README.md'), '# shapes\n');
  git('add', 'README.md');
  git('commit', '-q', '-m', 'readme');
  writeFileSync(join(configHome, 'llm.yaml'),
    `provider: openai\nbase_url: ${fake ? fake.baseUrl : 'http://127.0.0.1:9/v1'}\nmodel: gpt-4o\n` +
    'api_key_env: ACDC_TEST_LLM_KEY\nnum_retries: 0\n');
  const configFile = join(dir, 'acdc.yaml');
  writeFileSync(configFile, 'plugins:\n' + plugins.map((p) => `  - name: ${p}\n` +
    (p === 'llm' ? '    config_files: [llm.yaml]\n' : '')).join(''));
  return { dir, repo, configHome, configFile, git };
}

// The command an agent's config names: `acdc mcp`, here with the build's plugins.
export function mcpCommand(project) {
  const bin = process.env.ACDC_BIN;
  if (!bin) throw new Error('ACDC_BIN is not set: run this test through ctest');
  const pluginDirs = [process.env.ACDC_PLUGIN_DIR].filter(Boolean).flatMap((d) => ['--plugin-dir', d]);
  return {
    command: bin,
    args: ['--config', project.configFile, ...pluginDirs, 'mcp'],
    cwd: project.repo,
    env: { ...process.env, ACDC_CONFIG_HOME: project.configHome, ACDC_TEST_LLM_KEY: 'k' },
  };
}

export async function connectStdio(project) {
  const transport = new StdioClientTransport({ ...mcpCommand(project), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => { stderr += chunk; });
  const client = new Client({ name: 'acdc-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, close: () => client.close() };
}

// `acdc mcp` with raw lines, for what no SDK would send (malformed frames).
export function spawnRaw(project) {
  const { command, args, cwd, env } = mcpCommand(project);
  const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const lines = [];
  const waiters = [];
  let pending = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    for (let nl; (nl = pending.indexOf('\n')) >= 0;) {
      lines.push(JSON.parse(pending.slice(0, nl)));
      pending = pending.slice(nl + 1);
      for (const w of waiters.splice(0)) w();
    }
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    stderr: () => stderr,
    send: (text) => child.stdin.write(text + '\n'),
    // The next line that `match` accepts.
    async next(match, timeout = 20000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const i = lines.findIndex(match);
        if (i >= 0) return lines.splice(i, 1)[0];
        if (Date.now() > deadline) throw new Error(`no matching line within ${timeout} ms; got ${JSON.stringify(lines)}`);
        await new Promise((resolve) => { waiters.push(resolve); setTimeout(resolve, 100); });
      }
    },
    async close() {
      child.stdin.end();
      return exited;
    },
  };
}
