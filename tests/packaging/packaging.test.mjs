// The packager's path (issue 6): a trimmed build with only repo, settings and
// symbol-index linked into one acdc binary. It builds with CMake here, so it
// runs once, in the plain build only. The plugin author's path, a plugin built
// against the installed SDK, is in package.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startHost } from '../support/js/host.mjs';
import { connect } from '../support/js/jrpc.mjs';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const source = process.env.ACDC_SOURCE_DIR;
const work = mkdtempSync(join(tmpdir(), 'acdc-packaging-'));
after(() => rmSync(work, { recursive: true, force: true }));

function run(command, args, options = {}) {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

// The same compiler launcher as the main build, so unchanged sources come from its cache.
function cmakeConfigure(src, dir, extra) {
  const launcher = ['ccache'].some((c) => { try { run('which', [c]); return true; } catch { return false; } })
    ? ['-DCMAKE_CXX_COMPILER_LAUNCHER=ccache', '-DCMAKE_C_COMPILER_LAUNCHER=ccache'] : [];
  run('cmake', ['-S', src, '-B', dir, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=RelWithDebInfo', ...launcher, ...extra]);
}

// One raw JSON-RPC request over the host's socket, for methods the jrpc-oo
// client would refuse locally because the host does not list them.
function rawCall(host, method) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(host.url);
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', method, params: { args: [] }, id: 'raw' })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id !== 'raw') return;
      ws.close();
      resolve(message);
    });
  });
}

test('a trimmed single binary with repo, settings and symbol-index starts and serves them', async () => {
  const dir = join(work, 'trimmed');
  cmakeConfigure(source, dir, ['-DACDC_PLUGINS=repo;settings;symbol-index',
    '-DACDC_STATIC_PLUGINS=repo;settings;symbol-index', '-DACDC_BUILD_TESTS=OFF', '-DACDC_BUILD_BENCH=OFF']);
  run('cmake', ['--build', dir, '--target', 'acdc']);
  const repo = join(work, 'repo');
  run('git', ['init', '-q', repo]);
  writeFileSync(join(repo, 'hello.txt'), 'hi\n');
  writeFileSync(join(repo, 'hello.py'), 'def greet(name):\n    return name\n');
  const config = 'plugins:\n  - name: repo\n  - name: settings\n  - name: symbol-index\n' +
    '  - name: llm\n    provides: [LLMService]\n';
  const host = await startHost({ config, repo, bin: join(dir, 'acdc'), pluginDirs: [] });
  try {
    const client = await connect(host);
    const plugins = await client.server['Host.list_plugins']();
    assert.deepEqual(plugins.filter((p) => p.status === 'active').map((p) => p.id).sort(),
      ['repo', 'settings', 'symbol-index']);
    const tree = await client.server['Repo.get_file_tree']();
    assert.ok(tree.untracked.includes('hello.txt'), JSON.stringify(tree.untracked));
    // The tree-sitter core and grammars linked into the one binary work.
    let status;
    for (let i = 0; i < 200 && status?.state !== 'ready'; i++) {
      status = await client.server['SymbolIndex.get_status']();
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(status.state, 'ready');
    const block = await client.server['SymbolIndex.get_file_block']('hello.py');
    assert.equal(block.content, 'hello.py:\nf greet(name)');
    client.close();
    const missing = await rawCall(host, 'LLMService.get_current_state');
    assert.equal(missing.error.code, -32601);
    assert.match(missing.error.message, /plugin 'llm' is not loaded/);
  } finally {
    assert.equal(await host.stop(), 0);
  }
});
