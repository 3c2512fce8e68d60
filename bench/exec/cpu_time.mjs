// bench/exec -- CPU time spent so far, in ms (user + system), by this node
// process and by another process (the host) read from /proc, so a window's
// wall time can be set against what each side spent in it.
//
//   const before = cpuNow(host.pid);  ...  const spent = cpuSince(before, host.pid);
//   // spent: {client: ms, host: ms}
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

// utime and stime, fields 14 and 15 of /proc/PID/stat; the name (field 2)
// may hold spaces, so the fields are counted after its closing parenthesis.
function processMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 1000 / TICKS_PER_S;
}

export function cpuNow(pid) {
  const own = process.cpuUsage();
  return { client: (own.user + own.system) / 1000, host: processMs(pid) };
}

export function cpuSince(before, pid) {
  const now = cpuNow(pid);
  return { client: now.client - before.client, host: now.host - before.host };
}
