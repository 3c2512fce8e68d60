// Browser-test support: the real host (with every plugin this build has, a
// temporary git repository, and the fake LLM provider when the llm plugin is
// loaded), Debian's chromium through playwright-core, and screenshots into
// tests/browser/artifacts/. What a test needs and cannot find (webapp/dist,
// a plugin the build was configured with, the fake provider, chromium) is an
// error that names it, never a skip.
//
//   const stack = await startStack();           // host + repo (+ provider)
//   const { browser, page } = await openPage(stack);
//   await shot(page, '01-loaded');
//   await closeAll(browser, stack);

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, TOKEN } from '../support/js/host.mjs';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '..', '..');
export const DIST = join(ROOT, 'webapp', 'dist');
export const ARTIFACTS = join(here, 'artifacts');
const CHROMIUM = '/usr/bin/chromium';

export function requireDist() {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`webapp/dist is not built: run \`npm ci && npm run build:webapp\` in ${ROOT} first`);
}

function envList(name) {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set: run this test through ctest`);
  return value.split(',').filter(Boolean);
}

// The plugins this build was configured with (ACDC_PLUGINS, from CMake), in
// the order of config/acdc.yaml. A test may skip what a trimmed build leaves
// out; a configured plugin whose file is missing is an error.
export function builtPlugins() {
  const configured = envList('ACDC_PLUGINS');
  const linkedIn = envList('ACDC_STATIC_PLUGINS');
  const dir = process.env.ACDC_PLUGIN_DIR;
  for (const p of configured.filter((id) => !linkedIn.includes(id))) {
    if (!dir || !existsSync(join(dir, `${p}.acdc.so`)))
      throw new Error(`the build is configured with the ${p} plugin, but ${dir}/${p}.acdc.so is missing: build the tree first`);
  }
  return ['settings', 'repo', 'symbol-index', 'url-fetch', 'llm', 'exec', 'mcp-client'].filter((p) => configured.includes(p));
}

const PROVIDES = { settings: 'Settings', repo: 'Repo', 'symbol-index': 'SymbolIndex', 'url-fetch': 'UrlFetch', exec: 'Exec',
  llm: 'LLMService', 'mcp-client': 'McpClient' };

function hostConfig(plugins) {
  const lines = ['plugins:', '  - name: echo'];
  for (const p of plugins) {
    lines.push(`  - name: ${p}`, `    provides: [${PROVIDES[p]}]`);
    if (p === 'llm') lines.push('    config_files: [llm.yaml, app.yaml]');
    // Tests fetch from their own servers only: never from beyond the machine.
    if (p === 'url-fetch') lines.push('    config_files: [app.yaml]', '    config:', '      loopback_only: true');
    // As config/acdc.yaml has it: app.yaml's exec block, and llm.yaml's key variables kept out of commands.
    if (p === 'exec') lines.push('    config_files: [app.yaml, llm.yaml]');
    // app.yaml's mcp_servers; the repository's .acdc/mcp.json it finds itself.
    if (p === 'mcp-client') lines.push('    config_files: [app.yaml]');
  }
  return lines.join('\n') + '\n';
}

export function git(repo, ...args) {
  return execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
}

function initRepo(dir) {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'Browser Test');
}

// A small repository with one commit.
export function makeRepo(dir) {
  initRepo(dir);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'math.py'), 'def multiply(a, b):\n    return a + b\n');
  writeFileSync(join(dir, 'README.md'), '# Demo\n\nA demo repository for the browser tests.\n');
  writeFileSync(join(dir, 'src', 'util.js'), 'export function greet(name) {\n  return `hello ${name}`;\n}\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return dir;
}

// A repository whose files call each other, for the symbol index: Python
// (src/app.py imports and calls multiply from src/math.py) and JavaScript
// (web/main.js imports and calls greet from web/util.js).
export function makeSymbolRepo(dir) {
  initRepo(dir);
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'web'), { recursive: true });
  writeFileSync(join(dir, 'src', 'math.py'), 'def multiply(a, b):\n    """Multiply two numbers."""\n    return a * b\n');
  writeFileSync(join(dir, 'src', 'app.py'),
    'from src.math import multiply\n\n\ndef area(width, height):\n    return multiply(width, height)\n\n\nprint(area(2, 3))\n');
  writeFileSync(join(dir, 'web', 'util.js'), 'export function greet(name) {\n  return `hello ${name}`;\n}\n');
  writeFileSync(join(dir, 'web', 'main.js'), "import { greet } from './util.js';\n\nconsole.log(greet('world'));\n");
  writeFileSync(join(dir, 'README.md'), '# Symbols\n\nA repository for the symbol-index browser tests.\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return dir;
}

// `count` committed files in 1,000 folders under 50 top folders, and a few modified.
export function makeBigRepo(dir, count = 50000) {
  initRepo(dir);
  const perDir = count / 1000;
  for (let d = 0; d < 1000; d++) {
    const sub = join(dir, `pkg${d % 50}`, `mod${d}`);
    mkdirSync(sub, { recursive: true });
    for (let f = 0; f < perDir; f++) writeFileSync(join(sub, `file${d * perDir + f}.js`), `export const n = ${f};\n`);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'many files');
  for (let d = 0; d < 5; d++) writeFileSync(join(dir, `pkg${d}`, `mod${d}`, `file${d * perDir}.js`), 'changed\n');
  return dir;
}

// `plugins` trims the host's plugin list (default: every plugin this build has);
// `populate(dir)` makes the repository (default: makeRepo); `provider` and
// `model` are llm.yaml's (the fake provider speaks each wire format, e.g.
// anthropic for a model the price table knows); `apiKeyEnv`
// names the variable llm.yaml reads the key from (one that is not set, to
// provoke the missing-key refusal); `llmYaml` is appended to llm.yaml (a
// `models:` entry with a small context window, for a small map budget);
// `env(provider)` gives the host's extra environment (e.g. OLLAMA_HOST at
// the fake provider).
export async function startStack({ plugins = builtPlugins(), populate = makeRepo, apiKeyEnv = 'ACDC_BROWSER_TEST_KEY',
  llmYaml = '', provider: kind = 'openai', model = 'fake-model', env = () => ({}) } = {}) {
  requireDist();
  const dir = mkdtempSync(join(tmpdir(), 'acdc-browser-'));
  const repo = populate(join(dir, 'demo'));
  const configHome = join(dir, 'config');
  mkdirSync(configHome, { recursive: true });
  const provider = plugins.includes('llm') ? await startFakeProvider() : null;
  // The URL cache in the test's own directory, so no run sees another's
  // pages: the bundled app.yaml's (path null: $TMPDIR/acdc-url-cache), as
  // the settings plugin replaces an app.yaml written here with the bundled
  // one (setAppSection changes it once connected).
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  if (provider)
    writeFileSync(join(configHome, 'llm.yaml'), `provider: ${kind}\nbase_url: ${provider.baseUrl}\nmodel: ${model}\n` +
      `smaller_model: fake-small\napi_key_env: ${apiKeyEnv}\nnum_retries: 0\n${llmYaml}`);
  const host = await startHost({ config: hostConfig(plugins), repo,
    args: ['--webapp-dir', DIST], env: { ACDC_CONFIG_HOME: configHome, ACDC_BROWSER_TEST_KEY: 'test-key', TMPDIR: tmp, ...env(provider) } });
  return { host, repo, dir, plugins, provider,
    pageUrl: `http://127.0.0.1:${host.port}/?port=${host.port}&token=${TOKEN}` };
}

// Stops the stack's host and, after `downMs`, starts a new one on the same
// port, repository and config: a real outage, as when the user restarts acdc.
export async function restartHost(stack, downMs) {
  const port = stack.host.port;
  await stack.host.stop();
  await new Promise((r) => setTimeout(r, downMs));
  const config = join(stack.dir, 'acdc.yaml');
  writeFileSync(config, hostConfig(stack.plugins));
  const child = spawn(process.env.ACDC_BIN, ['--config', config, '--repo', stack.repo, '--port', String(port), '--no-browser',
    '--plugin-dir', process.env.ACDC_TEST_PLUGIN_DIR, '--plugin-dir', process.env.ACDC_PLUGIN_DIR, '--webapp-dir', DIST],
  { env: { ...process.env, ACDC_TOKEN: TOKEN, ACDC_CONFIG_HOME: join(stack.dir, 'config'), ACDC_BROWSER_TEST_KEY: 'test-key',
    TMPDIR: join(stack.dir, 'tmp') },
    stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 128)));
  await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`acdc did not restart:\n${out}`)), 20000);
    child.stderr.on('data', (d) => { out += d; if (out.includes('serving ')) { clearTimeout(timer); resolve(); } });
  });
  stack.host = { port, url: `ws://127.0.0.1:${port}/?token=${TOKEN}`, async stop() { child.kill('SIGINT'); return exited; } };
}

export async function openPage(stack, { viewport = { width: 1400, height: 900 } } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: install Debian's chromium (scripts/setup.sh does)`);
  const userDataDir = mkdtempSync(join(tmpdir(), 'acdc-chromium-'));
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM, headless: true, viewport,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  browser.userDataDir = userDataDir;
  const page = browser.pages()[0] ?? await browser.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e));
  // Requests the host answered with an error (a missing icon is a 404 in every console).
  page.failedRequests = [];
  page.on('response', (r) => { if (r.status() >= 400) page.failedRequests.push(`${r.status()} ${r.url()}`); });
  await page.goto(stack.pageUrl);
  return { browser, page };
}

export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

// The usual setup of a test file: before its tests, a stack and a page
// connected to it (handed to `ready`); after them, both closed and the
// host's clean exit asserted.
//   let stack, page;
//   connectedStack({ plugins: [] }, (s) => ({ stack, page } = s));
export function connectedStack(options, ready) {
  let s;
  before(async () => {
    const stack = await startStack(options);
    s = { stack, ...(await openPage(stack)) };
    await s.page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
    ready(s);
  });
  after(async () => {
    assert.equal(await closeAll(s?.browser, s?.stack), 0, 'the host exits cleanly');
  });
}

export async function closeAll(browser, stack) {
  await browser?.close();
  if (browser?.userDataDir) rmSync(browser.userDataDir, { recursive: true, force: true });
  await stack?.provider?.stop();
  const code = await stack?.host.stop();
  if (stack) rmSync(stack.dir, { recursive: true, force: true });
  return code;
}

// Types `text` into the chat input and sends it with Enter.
export async function send(page, text) {
  const box = page.locator('ac-chat-input textarea');
  await box.fill(text);
  await box.press('Enter');
}

// Calls the page's AcApp.<method> as the server does, through the object
// jrpc-oo exposes for it: for a state the fake provider cannot produce on cue.
export async function callAcApp(page, method, ...args) {
  return page.evaluate(({ method, args }) => new Promise((resolve, reject) => {
    const name = `AcApp.${method}`;
    const exposed = document.querySelector('ac-app-shell').classes.find((c) => typeof c[name] === 'function');
    exposed[name]({ args }, (err, value) => (err ? reject(err) : resolve(value)));
  }), { method, args });
}

// The server's answer to `method`, called from the page as a component
// calls it (jrpc-oo's envelope unwrapped).
export async function pageRpc(page, method, ...args) {
  return page.evaluate(async ({ method, args }) => {
    const value = await document.querySelector('ac-app-shell').call[method](...args);
    return Object.values(value)[0];
  }, { method, args });
}

// Replaces app.yaml's top-level `section` with `yaml` (the section's whole
// block, its `section:` line first) and reloads it, as the Settings tab does.
// startStack cannot write app.yaml ahead: the settings plugin's upgrader
// replaces a user's app.yaml that carries no bundled version with the
// bundled one when the host starts (it keeps the old one beside it).
export async function setAppSection(page, section, yaml) {
  const { content } = await pageRpc(page, 'Settings.get_config_content', 'app');
  const lines = content.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${section}:`));
  let end = start + 1;
  while (start >= 0 && end < lines.length && (/^\s/.test(lines[end]) || lines[end] === '')) end++;
  const block = yaml.replace(/\n$/, '').split('\n');
  if (start >= 0) lines.splice(start, end - start, ...block, '');
  else lines.push(...block);
  const saved = await pageRpc(page, 'Settings.save_config_content', 'app', lines.join('\n'));
  assert.equal(saved?.status, 'ok', `app.yaml was not saved: ${JSON.stringify(saved)}`);
  const reloaded = await pageRpc(page, 'Settings.reload_app_config');
  assert.equal(reloaded?.status, 'ok', `app.yaml was not reloaded: ${JSON.stringify(reloaded)}`);
}

// Every message text of the provider's latest request, joined: what the
// model received.
export async function lastPrompt(provider) {
  const requests = await provider.requests();
  const body = JSON.parse(requests.at(-1).body);
  return body.messages.map((m) => (typeof m.content === 'string' ? m.content
    : m.content.map((part) => part.text ?? '').join(''))).join('\n');
}

// The client point at the middle of the first `word` on 1-based `line` of
// the editor's working copy, where CodeMirror drew it.
export async function editorPoint(page, line, word) {
  return page.evaluate(({ line, word }) => {
    const view = document.querySelector('ac-file-editor').view;
    const l = view.state.doc.line(line), from = l.from + l.text.indexOf(word);
    const a = view.coordsAtPos(from), b = view.coordsAtPos(from + word.length);
    return { x: (a.left + b.left) / 2, y: (a.top + a.bottom) / 2 };
  }, { line, word });
}

// The text in the editor's working copy, as the user would save it.
export async function editorText(page) {
  return page.evaluate(() => document.querySelector('ac-file-editor')?.view?.state.doc.toString());
}

// The editable pane's content: Playwright's fill() and press() work on it.
export function editorContent(page) {
  return page.locator('ac-file-editor [data-side="work"] .cm-content');
}

// The page's clipboard writes, recorded instead of made (headless Chromium
// has no clipboard a test can read back): what a Copy button copied.
export async function recordCopies(page) {
  await page.evaluate(() => {
    window.copied = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true,
      value: { writeText: async (text) => { window.copied.push(text); } } });
  });
}

export async function lastCopy(page) {
  return page.evaluate(() => window.copied.at(-1));
}

// Every toast the page shows from now on, kept after it is gone.
export async function recordToasts(page) {
  await page.evaluate(() => {
    window.toastsSeen = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes)
        if (n.nodeType === 1) for (const t of [n, ...n.querySelectorAll('[data-toast]')])
          if (t.matches('[data-toast]')) window.toastsSeen.push(t.textContent.trim());
    }).observe(document.body, { childList: true, subtree: true });
  });
}

export async function toastsSeen(page) {
  return page.evaluate(() => window.toastsSeen);
}
