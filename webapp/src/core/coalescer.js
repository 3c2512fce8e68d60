// Coalesces stream chunks so that at most one render per request id happens
// per animation frame, whatever the rate the server sends them at. Chunks
// carry the full accumulated text, so only the latest one per id matters.
//
//   const c = new ChunkCoalescer((id, text) => render(id, text));
//   c.push(id, 'Hel'); c.push(id, 'Hello');   // one render, with 'Hello'
//   c.flush(id);                              // render now (stream completed)

export class ChunkCoalescer {
  constructor(render, schedule = (fn) => requestAnimationFrame(fn)) {
    this.render = render;
    this.schedule = schedule;
    this.pending = new Map();
    this.scheduled = false;
    this.frames = 0;
  }

  push(id, content) {
    this.pending.set(id, content);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.frame());
  }

  frame() {
    this.scheduled = false;
    this.frames++;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [id, content] of batch) this.render(id, content);
  }

  // Renders a pending chunk of `id` at once; true when there was one.
  flush(id) {
    if (!this.pending.has(id)) return false;
    const content = this.pending.get(id);
    this.pending.delete(id);
    this.render(id, content);
    return true;
  }

  has(id) {
    return this.pending.has(id);
  }
}
