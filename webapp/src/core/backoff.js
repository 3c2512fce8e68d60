// Reconnect delays (acdc-features §1.3): 1, 2, 4, 8, 15 s, then 15 s forever.
//
//   const b = new Backoff(); b.next() // 1000; ...; b.reset() after a success

export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

export class Backoff {
  constructor(delays = RECONNECT_DELAYS_MS) {
    this.delays = delays;
    this.attempt = 0;
  }

  next() {
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)];
    this.attempt++;
    return delay;
  }

  reset() {
    this.attempt = 0;
  }
}
