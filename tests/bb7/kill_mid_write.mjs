// kill_mid_write.mjs -- SIGKILLs a process while it writes a file, and proves
// the write was in flight (issue 27). acdc writes a file atomically through a
// hidden temp file beside it, named `.<name>.` and a unique tail, and renames
// it over the file (BB-7's write_atomic in adapters/bb7/files.cpp), so
// the temp file exists exactly while a write is in flight. Watching for it and
// killing races the rename (on tmpfs the rename always won); instead the
// process is frozen (SIGSTOP) and only then looked at: if the temp file is
// there it is killed frozen, else it runs on and is sampled again. Linux only
// (thread states come from /proc).
//
//   const temp = await killMidWrite(child.pid, chatDir, 'chat.json', () => sendMoreWrites());
//   // temp: the name of the temp file the kill left behind, or undefined if no sample hit

import { readdirSync, readFileSync } from 'node:fs';

const yieldToEvents = () => new Promise((resolve) => setImmediate(resolve));

// SIGSTOP takes effect as each thread next leaves the kernel; until every
// thread is stopped the process may still rename.
function allStopped(pid) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue;  // the thread ended
    }
    if (!'TtZX'.includes(stat[stat.lastIndexOf(')') + 2])) return false;
  }
  return true;
}

async function freeze(pid) {
  process.kill(pid, 'SIGSTOP');
  const deadline = performance.now() + 10000;
  while (!allStopped(pid)) {
    if (performance.now() > deadline) throw new Error(`process ${pid} did not stop within 10 s of SIGSTOP`);
    await yieldToEvents();
  }
}

// `keepBusy` is called before each sample to keep writes coming.
export async function killMidWrite(pid, dir, file, keepBusy, { samples = 2000 } = {}) {
  const prefix = `.${file}.`;
  for (let i = 0; i < samples; i++) {
    keepBusy();
    await yieldToEvents();
    await freeze(pid);
    const temp = readdirSync(dir).find((name) => name.startsWith(prefix));
    process.kill(pid, temp ? 'SIGKILL' : 'SIGCONT');
    if (temp) return temp;
  }
  return undefined;
}
