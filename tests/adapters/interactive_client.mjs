// A plain JSON-RPC 2.0 client of acdc's Interactive Mode API on /ws, for the
// node tests and the benchmark: every frame the host sends is kept in order,
// and a test waits for the next one matching a predicate.
//
//   const c = await InteractiveClient.open(`ws://127.0.0.1:${port}/ws?token=${TOKEN}`);
//   const reply = await c.request('startSession', { userId: 'u' });
//   const chunk = await c.next((f) => f.method === 'AIMessageChunkNotification');
//   c.close();
import WebSocket from 'ws';

export class InteractiveClient {
  static open(url, { origin } = {}) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, origin ? { origin } : {});
      ws.once('open', () => resolve(new InteractiveClient(ws)));
      ws.once('unexpected-response', (req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  constructor(ws) {
    this.ws = ws;
    this.frames = [];    // every frame received, parsed, with its arrival time
    this.cursor = 0;     // next() looks from here
    this.waiters = [];
    this.nextId = 1;
    ws.on('message', (data) => {
      // The harness's fields are not enumerable: a frame deep-equals the
      // protocol object the host sent, and prints as it.
      this.frames.push(Object.defineProperties(JSON.parse(data.toString()), {
        at: { value: performance.now() },
        taken: { value: false, writable: true },
      }));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.once('close', resolve));
  }

  send(value) { this.ws.send(typeof value === 'string' ? value : JSON.stringify(value)); }

  // Sends a request; resolves to its reply frame (notifications stay queued for next()).
  async request(method, params, id = this.nextId++) {
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.next((f) => f.id === id && !f.method, { consume: false });
  }

  // The first frame from the cursor on that matches; frames before it are
  // skipped unless `consume` is false (then only the match is taken).
  async next(match = () => true, { timeout = 5000, consume = true } = {}) {
    const deadline = performance.now() + timeout;
    for (;;) {
      const i = this.frames.findIndex((f, k) => k >= this.cursor && !f.taken && match(f));
      if (i >= 0) {
        this.frames[i].taken = true;
        if (consume) this.cursor = i + 1;
        return this.frames[i];
      }
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeout} ms; got ${JSON.stringify(this.untaken())}`);
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  // Frames not yet taken, in order.
  untaken() { return this.frames.filter((f, k) => k >= this.cursor && !f.taken); }

  // Collects the session's chunks up to the round's isFinal; returns the joined text and the frames.
  async round(sessionId, timeout = 5000) {
    const chunks = [];
    for (;;) {
      const f = await this.next((g) => g.method === 'AIMessageChunkNotification' && g.params.sessionId === sessionId,
        { timeout, consume: false });
      chunks.push(f);
      if (f.params.isFinal) return { text: chunks.map((c) => c.params.chunk).join(''), chunks };
    }
  }

  close() { this.ws.close(); return this.closed; }
}
