// The peer the host is measured against: the jrpc-oo reference server
// (JRPCServer from @flatmax/jrpc-oo, pinned in package.json) exposing the same
// Echo class as sdk/examples/echo, over plain ws (no TLS), as in
// shared/specs/reference/jrpc-oo-wire.md §11.
//
//   node bench/host/node_echo_server.mjs --port 9100
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { JRPCServer } = require('@flatmax/jrpc-oo/JRPCServer.js');

class Echo {
  echo(x) {
    return x;
  }
  add(a, b) {
    return a + b;
  }
  // Calls Client.chunk(i, payload) n times with at most `window` unanswered,
  // then Client.done(n); the same contract as the C++ echo plugin.
  stream(n, size, window) {
    const payload = 'x'.repeat(size);
    const call = this.getCall();
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = 0;
      const pump = () => {
        while (sent < n && sent - answered < window) {
          call['Client.chunk'](sent++, payload).then(() => {
            answered++;
            if (answered === n) call['Client.done'](n).then(() => resolve({ n, size, remotes: 1 }), reject);
            else pump();
          }, reject);
        }
      };
      if (n === 0) resolve({ n, size, remotes: 1 });
      else pump();
    });
  }
}

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const server = new JRPCServer(port, 60, false);
// jrpc-oo logs every connection; the benchmark's output stays readable.
server.remoteIsUp = () => {};
server.addClass(new Echo(), 'Echo');
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
