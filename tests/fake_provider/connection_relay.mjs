// connection_relay.mjs -- a TCP relay in front of the fake provider that tells
// a test when its client (acdc) closes a connection. The fake holds a `hang`
// step open until the client leaves and logs nothing when it does, so this is
// how a test sees acdc abandon a request, e.g. the turn of a closed /ws
// connection (issue 27).
//
//   const relay = await startConnectionRelay(fake.port);
//   ... point llm.yaml base_url at relay.baseUrl ...
//   const conn = await relay.connectionSending('the unique user message');
//   await conn.clientLeft;                // acdc closed its end (on a hang step: gave up)
//   await relay.stop();
import net from 'node:net';

export async function startConnectionRelay(upstreamPort) {
  const connections = [];
  const sockets = new Set();
  let waiters = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    const conn = { sent: '' };
    // The client's own FIN or reset; not a close the fake started.
    conn.clientLeft = new Promise((resolve) => {
      client.once('end', resolve);
      client.once('error', resolve);
    });
    connections.push(conn);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    client.on('data', (data) => {
      conn.sent += data;
      for (const w of waiters.splice(0)) w();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    // The first connection whose client has sent `text`, once one has.
    async connectionSending(text) {
      for (;;) {
        const found = connections.find((c) => c.sent.includes(text));
        if (found) return found;
        await new Promise((resolve) => waiters.push(resolve));
      }
    },
    stop: () => new Promise((resolve) => {
      server.close(resolve);
      for (const s of sockets) s.destroy();
      waiters = [];
    }),
  };
}
