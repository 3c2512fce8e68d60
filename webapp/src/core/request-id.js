// Request ids and the correlation of stream callbacks with the requests they
// belong to (acdc-features §9.3): ids are `{Date.now()}-{6 lowercase
// alphanumerics}`; a chunk for an id this client did not start is adopted as
// a passive stream (a collaborator's or a reconnect's); chunks arriving after
// their request completed are stale and dropped.
//
//   const tracker = new StreamTracker();
//   const id = newRequestId();
//   tracker.begin(id);
//   tracker.chunk(id, 'Hel')      // -> {accept: true, passive: false}
//   tracker.complete(id, result)  // -> {accept: true, passive: false}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newRequestId(now = Date.now(), random = Math.random) {
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return `${now}-${tail}`;
}

export const REQUEST_ID_PATTERN = /^\d+-[a-z0-9]{6}$/;

export class StreamTracker {
  constructor({ rememberFinished = 64 } = {}) {
    this.own = new Set();        // ids this client started and that are still running
    this.passive = new Set();    // ids adopted from the server
    this.finished = [];          // recent finished ids, oldest first
    this.rememberFinished = rememberFinished;
  }

  begin(id) {
    this.own.add(id);
  }

  isActive(id) {
    return this.own.has(id) || this.passive.has(id);
  }

  get active() {
    return [...this.own, ...this.passive];
  }

  // A chunk: accepted unless its request already finished.
  chunk(id) {
    if (this.finished.includes(id)) return { accept: false, passive: false };
    if (this.own.has(id)) return { accept: true, passive: false };
    this.passive.add(id);
    return { accept: true, passive: true };
  }

  // Re-attach after a reconnect: the server says `id` is still streaming.
  adopt(id, ownedByUs = false) {
    if (this.finished.includes(id)) return;
    (ownedByUs ? this.own : this.passive).add(id);
  }

  complete(id) {
    if (this.finished.includes(id)) return { accept: false, passive: false };
    const passive = !this.own.has(id);
    this.own.delete(id);
    this.passive.delete(id);
    this.finished.push(id);
    if (this.finished.length > this.rememberFinished) this.finished.shift();
    return { accept: true, passive };
  }
}
