// acp_editor.mjs -- an editor for the tests: the pinned ACP SDK's client
// (its app API: `client()` is what replaced ClientSideConnection in 2.x)
// spawning `acdc acp` in a fresh git repository, against the fake provider.
//
//   const fake = await startFakeProvider();
//   const ed = await Editor.start(fake, { fs: true, appYaml: 'acp:\n  edits: apply\n' });
//   await ed.initialize();
//   const { sessionId } = await ed.newSession();
//   await fake.queue([{ text: 'Hello', chunk_chars: 2 }]);
//   const { response, updates } = await ed.prompt(sessionId, 'hi');   // updates: this turn's session/update
//   ed.permission = () => ({ outcome: { outcome: 'selected', optionId: 'reject_once' } });
//   await ed.close();
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';

export const EDIT = '\u{1F7E7}'.repeat(3) + ' EDIT';
export const REPL = '\u{1F7E8}'.repeat(3) + ' REPL';
export const END = '\u{1F7E9}'.repeat(3) + ' END';
export const editBlock = (path, from, to) => `${path}\n${EDIT}\n${from}\n${REPL}\n${to}\n${END}\n`;

// A git repository with app.js committed, and acdc's config for the fake
// provider; `exec` loads the exec plugin too (the model's run_command).
export function makeProject(fake, { appYaml = '', exec = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'acdc-acp-'));
  const repo = join(dir, 'repo');
  const configHome = join(dir, 'config');
  mkdirSync(repo);
  mkdirSync(configHome);
  const git = (...args) => execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args]);
  git('init', '-q');
  writeFileSync(join(repo, 'app.js'), 'const answer = 41;\nexport default answer;\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'init');
  writeFileSync(join(configHome, 'llm.yaml'),
    `provider: openai\nbase_url: ${fake.baseUrl}\nmodel: gpt-4o\napi_key_env: ACDC_TEST_LLM_KEY\nnum_retries: 0\n`);
  if (appYaml) writeFileSync(join(configHome, 'app.yaml'), appYaml);  // none: the bundled default
  const configFile = join(dir, 'acdc.yaml');
  writeFileSync(configFile, 'plugins:\n  - name: repo\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n' +
    (exec ? '  - name: exec\n    config_files: [app.yaml, llm.yaml]\n' : ''));
  return { dir, repo, configHome, configFile };
}

// The argv and environment of `acdc acp` for a project.
export function agentCommand(project) {
  const bin = process.env.ACDC_BIN;
  if (!bin) throw new Error('ACDC_BIN is not set: run this test through ctest');
  const pluginDirs = [process.env.ACDC_PLUGIN_DIR].filter(Boolean).flatMap((d) => ['--plugin-dir', d]);
  return {
    bin,
    args: ['--config', project.configFile, ...pluginDirs, 'acp'],
    options: { cwd: project.repo, env: { ...process.env, ACDC_CONFIG_HOME: project.configHome, ACDC_TEST_LLM_KEY: 'k' } },
  };
}

export class Editor {
  // fs: offer fs/read_text_file and fs/write_text_file, served from `buffers`
  // (path -> text; a path without one reads as not open). terminal: offer
  // terminal/* (each a real process, as an editor runs one: `terminals`).
  static async start(fake, { fs = false, terminal = false, appYaml = '', exec = false, project } = {}) {
    const p = project ?? makeProject(fake, { appYaml, exec });
    const { bin, args, options } = agentCommand(p);
    const child = spawn(bin, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    return new Editor(child, p, fs, terminal);
  }

  constructor(child, project, fs, terminal = false) {
    this.child = child;
    this.project = project;
    this.fs = fs;
    this.terminal = terminal;
    this.terminals = new Map();  // id -> {params, output, exit: Promise, released}
    this.stderr = '';
    child.stderr.on('data', (chunk) => { this.stderr += chunk; });
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 0))));
    this.updates = [];
    this.buffers = new Map();
    this.writes = [];
    this.reads = [];
    this.permissions = [];
    this.permission = () => ({ outcome: { outcome: 'selected', optionId: 'allow_once' } });
    this.waiters = [];
    const app = client({ name: 'acdc-acp-test' })
      .onNotification('session/update', ({ params }) => {
        this.updates.push(params);
        for (const w of [...this.waiters]) w();
      })
      .onRequest('session/request_permission', async ({ params }) => {
        this.permissions.push(params);
        return this.permission(params);
      })
      .onRequest('fs/read_text_file', ({ params }) => {
        this.reads.push(params.path);
        if (!this.buffers.has(params.path)) throw new Error(`${params.path} is not open`);
        return { content: this.buffers.get(params.path) };
      })
      .onRequest('fs/write_text_file', ({ params }) => {
        this.writes.push(params);
        this.buffers.set(params.path, params.content);
        return {};
      })
      .onRequest('terminal/create', ({ params }) => {
        const id = `term-${this.terminals.size + 1}`;
        const proc = spawn(params.command, params.args ?? [], { cwd: params.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
        const t = { params, proc, output: '', released: false };
        const keep = (chunk) => { t.output = (t.output + chunk).slice(-(params.outputByteLimit ?? 1e9)); };
        proc.stdout.on('data', keep);
        proc.stderr.on('data', keep);
        t.exit = new Promise((resolve) => proc.on('close', (exitCode, signal) => resolve({ exitCode, signal })));
        this.terminals.set(id, t);
        return { terminalId: id };
      })
      .onRequest('terminal/wait_for_exit', ({ params }) => this.terminals.get(params.terminalId).exit)
      .onRequest('terminal/output', ({ params }) => ({ output: this.terminals.get(params.terminalId).output, truncated: false }))
      .onRequest('terminal/kill', ({ params }) => { this.terminals.get(params.terminalId).proc.kill('SIGKILL'); return {}; })
      .onRequest('terminal/release', ({ params }) => { this.terminals.get(params.terminalId).released = true; return {}; });
    this.connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)));
    this.agent = this.connection.agent;
  }

  initialize() {
    return this.agent.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities: { fs: { readTextFile: this.fs, writeTextFile: this.fs }, terminal: this.terminal },
      clientInfo: { name: 'acdc-acp-test', version: '1' },
    });
  }

  newSession(extra = {}) {
    return this.agent.request('session/new', { cwd: this.project.repo, mcpServers: [], ...extra });
  }

  // The prompt's answer and the session/update notifications of this turn.
  async prompt(sessionId, content) {
    const from = this.updates.length;
    const prompt = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    const response = await this.agent.request('session/prompt', { sessionId, prompt });
    return { response, updates: this.updates.slice(from).map((u) => u.update) };
  }

  // Resolves once an update after index `from` satisfies `pred`.
  waitForUpdate(pred, from = 0, timeout = 20000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.updates.slice(from).find((u) => pred(u.update));
        if (hit) { done(); resolve(hit.update); }
        return hit;
      };
      const timer = setTimeout(() => { done(); reject(new Error(`no such session/update within ${timeout} ms; stderr:\n${this.stderr}`)); }, timeout);
      const done = () => { clearTimeout(timer); this.waiters = this.waiters.filter((w) => w !== check); };
      if (!check()) this.waiters.push(check);
    });
  }

  async close() {
    this.connection.close();
    this.child.stdin.end();
    return this.exited;
  }
}

// The text of the chunks of one kind, joined.
export const textOf = (updates, kind) =>
  updates.filter((u) => u.sessionUpdate === kind).map((u) => u.content.text).join('');
