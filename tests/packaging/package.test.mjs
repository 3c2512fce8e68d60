// The packages a user installs (issue 42): scripts/package.sh makes a .tar.gz
// and a .deb from this build; each is unpacked into a temporary prefix (the
// .deb with dpkg -x) and its acdc runs from there in a bubblewrap sandbox that
// shows the system and the temporary directory only, so nothing of the source
// or build tree can be what makes it work. It serves a repository, Chromium
// loads its page, and a third-party plugin builds against the unpacked SDK.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startHost, TOKEN } from '../support/js/host.mjs';
import { connect } from '../support/js/jrpc.mjs';
import { makeRepo, openPage, closeAll, shot } from '../browser/support.mjs';

const source = process.env.ACDC_SOURCE_DIR;
const build = process.env.ACDC_BUILD_DIR;
const temp = resolve(tmpdir());
const work = mkdtempSync(join(temp, 'acdc-package-'));
after(() => rmSync(work, { recursive: true, force: true }));

function run(command, args, options = {}) {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

// The system read-only and the temporary directory; /tmp itself is empty.
const SANDBOX = ['bwrap', '--ro-bind', '/usr', '/usr', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64',
  '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin', '--ro-bind', '/etc', '/etc',
  '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--bind', temp, temp, '--die-with-parent'];

const inside = (dir) => !relative(temp, resolve(dir)).startsWith('..');

const prefixes = {};
before(() => {
  // Were the trees inside the temporary directory, the sandbox would show them.
  assert.ok(!inside(source) && !inside(build), `the source (${source}) and build (${build}) trees must be outside ${temp}`);
  const out = join(work, 'out');
  const listed = run('bash', [join(source, 'scripts/package.sh'), '--build-dir', build, '--out', out]).trim().split('\n');
  const tarball = listed.find((f) => f.endsWith('.tar.gz'));
  const deb = listed.find((f) => f.endsWith('.deb'));
  assert.ok(tarball && deb, `package.sh listed ${listed}`);
  mkdirSync(join(work, 'tgz'));
  run('tar', ['-xzf', tarball, '-C', join(work, 'tgz')]);
  prefixes.tarball = join(work, 'tgz', readdirSync(join(work, 'tgz'))[0]);
  run('dpkg', ['-x', deb, join(work, 'deb')]);
  prefixes.deb = join(work, 'deb', 'usr');
  // The .deb says what Debian must install for it.
  const depends = run('dpkg-deb', ['-f', deb, 'Depends']);
  for (const lib of ['libgit2', 'libcurl4', 'libyaml-cpp']) assert.match(depends, new RegExp(lib), depends);
});

for (const kind of ['tarball', 'deb']) {
  test(`the ${kind}, unpacked anywhere, serves a repository and its page with nothing of the build tree`, async () => {
    const acdc = join(prefixes[kind], 'bin/acdc');
    assert.match(run(SANDBOX[0], [...SANDBOX.slice(1), acdc, '--version']), /^acdc \d+\.\d+\.\d+/);
    const check = run(SANDBOX[0], [...SANDBOX.slice(1), acdc, 'plugin', 'check', join(prefixes[kind], 'lib/acdc/plugins/repo.acdc.so')]);
    assert.match(check, /plugin {3}repo /);

    const repo = makeRepo(join(work, `${kind}-repo`));
    // The bundled config (no --config) and the installed plugins and web app.
    const host = await startHost({ config: null, repo, bin: acdc, pluginDirs: [], wrap: SANDBOX });
    try {
      const client = await connect(host);
      const plugins = await client.server['Host.list_plugins']();
      const configured = process.env.ACDC_PLUGINS.split(',').filter(Boolean);
      assert.deepEqual(plugins.filter((p) => p.status === 'active').map((p) => p.id).sort(), [...configured].sort(),
        JSON.stringify(plugins));
      // The tree-sitter grammars are in the plugin, and the rank file is found beside the binary.
      let status;
      for (let i = 0; i < 300 && status?.state !== 'ready'; i++) {
        status = await client.server['SymbolIndex.get_status']();
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.match((await client.server['SymbolIndex.get_file_block']('src/math.py')).content, /f multiply\(a,b\)/);
      await client.server['LLMService.set_selected_files'](['README.md']);
      const breakdown = await client.server['LLMService.get_context_breakdown']();
      // Without a verified rank file the counts would be estimates, with a warning.
      assert.doesNotMatch(host.output(), /token counts are estimated/);
      const readme = breakdown.blocks.flatMap((b) => b.contents).find((c) => c.name === 'file:README.md');
      assert.ok(readme?.tokens > 0, `README.md is counted in tokens: ${JSON.stringify(breakdown.blocks)}`);
      client.close();

      const { browser, page } = await openPage({ pageUrl: `http://127.0.0.1:${host.port}/?port=${host.port}&token=${TOKEN}` });
      try {
        await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
        await page.locator('.row[data-path="src/math.py"]').waitFor({ timeout: 10000 });
        assert.deepEqual(page.errors, [], 'no script errors');
        assert.deepEqual(page.failedRequests, [], 'every file of the page is served');
        await shot(page, `90-installed-${kind}`);
      } finally {
        await closeAll(browser);
      }
    } finally {
      assert.equal(await host.stop(), 0, host.output());
    }
  });
}

test('a third-party plugin builds against the SDK in the tarball and the unpacked acdc serves it', async () => {
  const prefix = prefixes.tarball;
  const dir = join(work, 'greeter');
  run('cmake', ['-S', join(source, 'sdk/examples/third-party'), '-B', dir, '-G', 'Ninja', `-DCMAKE_PREFIX_PATH=${prefix}`]);
  run('cmake', ['--build', dir]);
  const acdc = join(prefix, 'bin/acdc');
  const check = run(SANDBOX[0], [...SANDBOX.slice(1), acdc, 'plugin', 'check', join(dir, 'greeter.acdc.so')]);
  assert.match(check, /plugin {3}greeter 1\.0\.0/);
  assert.match(check, /Greeter\.greet {2}\(a tool for models\)/);
  const host = await startHost({ config: 'plugins:\n  - name: greeter\n', bin: acdc, pluginDirs: [dir], wrap: SANDBOX });
  try {
    const client = await connect(host);
    assert.equal(await client.server['Greeter.hello']('you'), 'hello, you');
    const tools = await client.server['Host.list_tools']();
    assert.deepEqual(tools.map((t) => [t.name, t.method]), [['greet', 'Greeter.greet']]);
    assert.deepEqual((await client.server['Greeter.greet']({ who: 'a model' })).content, [{ type: 'text', text: 'hello, a model' }]);
    await assert.rejects(client.server['Greeter.hello'](''), (e) => e.code === -32602 && /give a name/.test(e.message));
    client.close();
  } finally {
    assert.equal(await host.stop(), 0, host.output());
  }
});
