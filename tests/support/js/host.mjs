// Starts the real acdc binary for a node test, on 127.0.0.1 with a port the
// system picks, and stops it afterwards.
//
//   const host = await startHost({ config: 'plugins:\n  - name: echo\n' });
//   // options: bin (another acdc), pluginDirs (instead of the build's), repo, env, args,
//   //   config: null (no --config: the host reads its bundled one),
//   //   wrap (a command that runs acdc, e.g. bwrap: stop() signals the acdc it runs)
//   const client = await connect(host);           // the real jrpc-oo node client
//   ...
//   await host.stop();                            // SIGINT; resolves to the exit code
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TOKEN = 'interop-token';

function requireEnv(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this test through ctest`);
  return value;
}

// The process a wrapper runs (its first child), or 0 once it has gone: a
// wrapper such as bwrap does not pass signals on.
function wrappedPid(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0]) || 0;
  } catch {
    return 0;
  }
}

export async function startHost({ config, args = [], env = {}, repo, bin, pluginDirs, wrap = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'acdc-node-'));
  const configFile = join(dir, 'acdc.yaml');
  if (config !== null) writeFileSync(configFile, config ?? 'plugins: []\n');
  const repoDir = repo ?? join(dir, 'repo');
  mkdirSync(repoDir, { recursive: true });
  const argv = [...(config === null ? [] : ['--config', configFile]), '--repo', repoDir, '--port', '0', '--no-browser',
    ...(pluginDirs ?? [requireEnv('ACDC_TEST_PLUGIN_DIR'), requireEnv('ACDC_PLUGIN_DIR')]).flatMap((d) => ['--plugin-dir', d]),
    ...args];
  const command = [...wrap, bin ?? requireEnv('ACDC_BIN'), ...argv];
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ACDC_TOKEN: TOKEN, ACDC_CONFIG_HOME: join(dir, 'config'), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? 128)));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`acdc did not start:\n${output}`)), 20000);
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const m = output.match(/at http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', () => reject(new Error(`acdc exited:\n${output}`)));
  });
  return {
    port,
    dir,
    url: `ws://127.0.0.1:${port}/?token=${TOKEN}`,
    output: () => output,
    pid: child.pid,
    async stop() {
      const wrapped = wrap.length ? wrappedPid(child.pid) : 0;
      if (wrapped) process.kill(wrapped, 'SIGINT');
      else child.kill('SIGINT');
      const code = await exited;
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
