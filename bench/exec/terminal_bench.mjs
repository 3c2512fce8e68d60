// bench/exec -- command output from a command to a client's terminal
// (issue 39): `cat` of a large file run by Exec.run through the real host,
// its output received as AcApp.commandOutput by the real jrpc-oo client,
// against the same `cat` read from a plain pipe in node (the floor).
//
//   node bench/exec/terminal_bench.mjs [--acdc build/acdc] [--plugin-dir build/plugins] [--mb 256] [--runs 3]
//
// The exec plugin streams a command's first 32 MiB (stream_limit) and then
// only reads the rest, so two rates are measured, each against the floor
// over the same bytes:
//   streamed: Exec.run called to the last byte of the command's output
//             received by the client, over the bytes streamed;
//   whole:    the command's own run, output_bytes / duration_ms of
//             Exec.run's answer (the plugin's clock), and on the client's
//             clock the call to commandExited and to Exec.run's answer.
// Tables go to stdout, progress to stderr. See README.md.
import { parseArgs } from 'node:util';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, writeSync, closeSync, readSync, rmSync, existsSync, appendFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from '../../tests/support/js/host.mjs';
import { connect } from '../../tests/support/js/jrpc.mjs';
import { cpuNow, cpuSince } from './cpu_time.mjs';

const { values: opt } = parseArgs({
  options: {
    acdc: { type: 'string', default: 'build/acdc' },
    'plugin-dir': { type: 'string', default: 'build/plugins' },
    mb: { type: 'string', default: '256' },    // the file: this many 10^6 bytes, 100-byte lines
    runs: { type: 'string', default: '3' },    // each figure is the median of this many
  },
});
const MB = 1e6;
const STREAM_LIMIT = 32 * 1024 * 1024;  // plugins/exec: ExecSettings::stream_limit
const NOTICE = '\r\n[acdc: the rest of this command\'s output is not shown here';
const CONFIG = 'plugins:\n  - name: repo\n  - name: exec\n    config_files: [app.yaml, llm.yaml]\n';
const BIG = 'big.txt';

const log = (line) => process.stderr.write(`${line}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Line i: its number, then x up to 99 bytes, then \n: a lost or repeated
// batch shows as a prefix that is not the file's.
function writeBigFile(path, mb) {
  const fd = openSync(path, 'w');
  const filler = 'x'.repeat(89);
  for (let line = 0; line < mb * 10_000; line += 10_000) {
    let chunk = '';
    for (let i = line; i < line + 10_000; ++i) chunk += `${String(i).padStart(9, '0')} ${filler}\n`;
    writeSync(fd, chunk);
  }
  closeSync(fd);
}

// A repository holding the file; the file is excluded so the repo plugin's
// tree and status never read it: only the command does.
function makeRepo(repo) {
  mkdirSync(repo);
  const git = (...args) => execFileSync('git', ['-C', repo, '-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args]);
  git('init', '-q');
  appendFileSync(join(repo, 'README.md'), 'bench/exec terminal_bench\n');
  git('add', 'README.md');
  git('commit', '-q', '-m', 'a repository for the exec bench');
  appendFileSync(join(repo, '.git', 'info', 'exclude'), `${BIG}\n`);
  const t0 = performance.now();
  writeBigFile(join(repo, BIG), Number(opt.mb));
  log(`repository ${repo}: ${BIG} ${opt.mb} MB written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

// The floor: `cat` read from a pipe by node, bytes counted as they come.
// With `limit`, the time to the first `limit` bytes (cat is then killed).
function pipeFloor(cwd, limit = Infinity) {
  return new Promise((resolvePipe, reject) => {
    const t0 = performance.now();
    const child = spawn('cat', [BIG], { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0, at = 0;
    child.stdout.on('data', (chunk) => {
      if (at) return;
      bytes += chunk.length;
      if (bytes >= limit) {
        at = performance.now();
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      const ms = (at || performance.now()) - t0;
      resolvePipe({ bytes, ms, rate: bytes / MB / (ms / 1000) });
    });
  });
}

// The AcApp methods the exec plugin calls; one command at a time.
class AcApp {
  // `atCut` is called once, when the notice that streaming stopped arrives.
  begin(atCut) {
    this.atCut = atCut;
    this.cpuAtCut = null;
    this.chunks = [];
    this.bytes = 0;
    this.firstAt = 0;
    this.lastAt = 0;
    this.batches = 0;
    this.cut = false;
    this.exited = new Promise((r) => { this.onExit = r; });
  }
  commandStarted() { return true; }
  commandOutput(id, text) {
    if (this.cut) return true;
    const notice = text.indexOf(NOTICE);
    const own = notice < 0 ? text : text.slice(0, notice);
    if (notice >= 0) {
      this.cut = true;
      this.cpuAtCut = this.atCut();
    }
    if (own.length) {
      this.bytes += Buffer.byteLength(own, 'utf8');
      this.chunks.push(own);
      this.lastAt = performance.now();
      this.firstAt ||= this.lastAt;
      this.batches += 1;
    }
    return true;
  }
  commandExited(result) { this.onExit({ result, at: performance.now() }); return true; }
  startupProgress() { return true; }
  pluginStatus() { return true; }
  filesModified() { return true; }
}

// What was streamed, \r\n back to \n, must be the file's first bytes.
function checkPrefix(repo, text) {
  const got = Buffer.from(text.replaceAll('\r\n', '\n'), 'utf8');
  const want = Buffer.alloc(got.length);
  const fd = openSync(join(repo, BIG), 'r');
  const n = readSync(fd, want, 0, want.length, 0);
  closeSync(fd);
  if (n !== got.length || !got.equals(want))
    throw new Error(`the streamed output (${got.length} bytes as in the file) is not the file's beginning: bytes were lost or repeated`);
}

async function acdcRun(server, app, repo, hostPid) {
  const cpu0 = cpuNow(hostPid);
  app.begin(() => cpuSince(cpu0, hostPid));
  const t0 = performance.now();
  const answer = await server['Exec.run'](`cat ${BIG}`, {});
  const answeredAt = performance.now();
  const cpuAll = cpuSince(cpu0, hostPid);
  const exited = await app.exited;
  if (answer.exit_code !== 0) throw new Error(`cat ${BIG} did not succeed: ${answer.message}`);
  if (!app.cut && answer.output_bytes > STREAM_LIMIT) throw new Error('the output passed 32 MiB and no notice came: has stream_limit changed?');
  checkPrefix(repo, app.chunks.join(''));
  const streamMs = app.lastAt - t0;
  return {
    streamed: { bytes: app.bytes, ms: streamMs, rate: app.bytes / MB / (streamMs / 1000) },
    firstByteMs: app.firstAt - t0,
    batches: app.batches,
    cpuStreamed: app.cpuAtCut ?? cpuAll,  // ms of CPU, {client, host}
    cpuAll,
    plugin: { bytes: answer.output_bytes, ms: answer.duration_ms, rate: answer.output_bytes / MB / (answer.duration_ms / 1000) },
    exited: { bytes: answer.output_bytes, ms: exited.at - t0, rate: answer.output_bytes / MB / ((exited.at - t0) / 1000) },
    answered: { bytes: answer.output_bytes, ms: answeredAt - t0, rate: answer.output_bytes / MB / ((answeredAt - t0) / 1000) },
  };
}

function summary(samples) {
  return { bytes: median(samples.map((s) => s.bytes)), ms: median(samples.map((s) => s.ms)), rate: median(samples.map((s) => s.rate)) };
}

function report(runs) {
  const pick = (key) => summary(runs.map((r) => r[key]));
  const floor32 = pick('floor32'), floorAll = pick('floorAll');
  const rows = [
    ['floor: a pipe, the first 32 MiB', floor32, floor32],
    ['acdc: Exec.run to the last streamed byte at the client', pick('streamed'), floor32],
    ['floor: a pipe, the whole file', floorAll, floorAll],
    ['acdc: the whole command, output_bytes / duration_ms', pick('plugin'), floorAll],
    ['acdc: Exec.run to commandExited at the client', pick('exited'), floorAll],
    ['acdc: Exec.run to its answer at the client', pick('answered'), floorAll],
  ];
  const out = [`### cat of a ${opt.mb} MB file (100-byte lines), median of ${runs.length} runs`, '',
    `${opt.acdc}, ${opt['plugin-dir']}; load average ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`, '',
    '| measurement | bytes | ms | MB/s | / floor |', '|---|---|---|---|---|'];
  for (const [name, s, floor] of rows)
    out.push(`| ${name} | ${s.bytes} | ${s.ms.toFixed(1)} | ${s.rate.toFixed(1)} | ${(s.rate / floor.rate).toFixed(2)}x |`);
  const streamed = pick('streamed');
  const batches = median(runs.map((r) => r.batches)), first = median(runs.map((r) => r.firstByteMs));
  out.push('', `streamed in ${batches} commandOutput notifications (median), ${(streamed.bytes / batches / 1024).toFixed(1)} KiB each on average; ` +
    `the first ${first.toFixed(1)} ms after Exec.run was called`);
  const cpu = (key, side) => median(runs.map((r) => r[key][side])).toFixed(0);
  out.push(`CPU to the last streamed byte: the client ${cpu('cpuStreamed', 'client')} ms, the host ${cpu('cpuStreamed', 'host')} ms ` +
    `(wall ${streamed.ms.toFixed(0)} ms); to Exec.run's answer: the client ${cpu('cpuAll', 'client')} ms, the host ${cpu('cpuAll', 'host')} ms ` +
    `(wall ${pick('answered').ms.toFixed(0)} ms; the command's own processes not counted)`);
  out.push(`acdc's bytes are the terminal's (each \\n became \\r\\n); the floor's are the file's. ` +
    `Every streamed output was the file's beginning, byte for byte.`);
  out.push(`target (issue 39): at least 50 MB/s to the client: ${streamed.rate.toFixed(1)} MB/s, ${streamed.rate >= 50 ? 'met' : 'NOT met'}`);
  console.log(out.join('\n'));
}

const loadBefore = loadavg()[0].toFixed(2);
const dir = mkdtempSync(join(tmpdir(), 'acdc-bench-exec-'));
let host, client;
try {
  if (!existsSync(resolve(opt.acdc))) throw new Error(`${opt.acdc} is not built`);
  const repo = join(dir, 'repo');
  makeRepo(repo);
  await pipeFloor(repo);  // into the page cache, untimed
  host = await startHost({ config: CONFIG, repo, bin: resolve(opt.acdc), pluginDirs: [resolve(opt['plugin-dir'])] });
  const app = new AcApp();
  client = await connect(host, { AcApp: app }, { timeoutSeconds: 600 });
  const runs = [];
  for (let i = 0; i < Number(opt.runs); ++i) {  // interleaved, so load hits floor and acdc alike
    const floor32 = await pipeFloor(repo, STREAM_LIMIT);
    const floorAll = await pipeFloor(repo);
    const run = await acdcRun(client.server, app, repo, host.pid);
    runs.push({ floor32, floorAll, ...run });
    log(`run ${i + 1}: floor ${floor32.rate.toFixed(0)} / ${floorAll.rate.toFixed(0)} MB/s, acdc streamed ${run.streamed.rate.toFixed(1)} MB/s ` +
      `(${run.streamed.bytes} bytes), whole ${run.plugin.rate.toFixed(1)} MB/s`);
  }
  report(runs);
} catch (e) {
  log(`exec terminal bench failed: ${e.message}`);
  if (host) log(`host output (last 2000 bytes):\n${host.output().slice(-2000)}`);
  process.exitCode = 1;
} finally {
  client?.close();
  if (host) {
    let timer;
    const late = new Promise((r) => { timer = setTimeout(r, 30000, 'late'); });
    if (await Promise.race([host.stop(), late]) === 'late') {
      log('the host did not exit within 30 s of SIGINT: killed');
      process.kill(host.pid, 'SIGKILL');
      rmSync(host.dir, { recursive: true, force: true });
    }
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
process.exit(process.exitCode ?? 0);  // the jrpc-oo client may keep a timer alive
