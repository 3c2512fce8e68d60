// The real @flatmax/jrpc-oo node client, connected and handshaken.
//
//   const client = await connect(host, { Client: new MyClientClass() });
//   const sum = await client.server['Echo.add'](2, 3);
//   client.close();
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { JRPCNodeClient } = require('@flatmax/jrpc-oo/JRPCNodeClient.js');

// jrpc-oo logs every connect and disconnect; tests keep their output readable.
const quiet = (Base) => class extends Base {
  remoteIsUp() {}
  remoteDisconnected(uuid) { this.onDisconnect?.(uuid); }
};

export class Client extends quiet(JRPCNodeClient) {}

export function connect(host, classes = {}, { timeoutSeconds = 60 } = {}) {
  return new Promise((resolve, reject) => {
    const client = new Client(host.url);
    client.remoteTimeout = timeoutSeconds;
    for (const [name, instance] of Object.entries(classes)) client.addClass(instance, name);
    const timer = setTimeout(() => reject(new Error('jrpc-oo handshake did not finish')), 10000);
    client.setupDone = () => {
      clearTimeout(timer);
      resolve(client);
    };
    client.wss.on('error', reject);
    client.close = () => client.wss.close();
  });
}
