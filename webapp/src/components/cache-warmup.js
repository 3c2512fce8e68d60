// <ac-cache-warmup>: the cache warmer in the chat's head (issue 30, "a warm
// cache"): "Keeping the cache warm in 25 s" with Cancel while a warm-up is
// counted down, "Warming the cache…" while it runs, then what it cost; why it
// stopped, briefly; nothing otherwise. Typing in the chat cancels a
// countdown. A (re)connect asks the server for a countdown already running. The state and its text are core/cache-warmup.js.
//
//   <ac-cache-warmup></ac-cache-warmup>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, hasMethod, toast } from '../rpc.js';
import { warmupInitial, warmupEvent, warmupFromStatus, warmupLine, warmupAfterActivity, cancelsOnTyping, TYPING_REASON, CANCELLED_SHOWN_MS } from '../core/cache-warmup.js';

const EVENTS = ['cacheWarmupCountdown', 'cacheWarmupFiring', 'cacheWarmupComplete', 'cacheWarmupCancelled'];
// The count is redrawn a few times a second, so its digit changes when the
// second does rather than up to a second late.
const TICK_MS = 250;

class AcCacheWarmup extends LightElement {
  static properties = { state: { state: true }, now: { state: true } };

  constructor() {
    super();
    this.state = warmupInitial();
    this.now = Date.now();
  }

  connectedCallback() {
    super.connectedCallback();
    for (const type of EVENTS) this.listen(on(type, (p) => this.apply(warmupEvent(this.state, type, p, Date.now()))));
    this.listen(on('connected', () => this.readStatus()));
    this.listen(on('disconnected', () => this.apply(warmupInitial())));
    this.listen(on('typing', () => { if (cancelsOnTyping(this.state)) this.cancel(TYPING_REASON); }));
    for (const type of ['streamChunk', 'streamComplete', 'sessionChanged'])
      this.listen(on(type, () => { if (this.state.phase === 'done') this.apply(warmupAfterActivity(this.state)); }));
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.stopTimers();
  }

  async readStatus() {
    if (!hasMethod('LLMService.get_cache_warmer_status')) return;
    try {
      const status = await rpc('LLMService.get_cache_warmer_status');
      // An event that came while the status was on its way is newer.
      if (this.state.phase === 'none') this.apply(warmupFromStatus(status, Date.now()));
    } catch {
      // A server without a warmer shows nothing; the chat goes on.
    }
  }

  apply(state) {
    this.stopTimers();
    this.state = state;
    this.now = Date.now();
    if (state.phase === 'countdown') this.ticker = setInterval(() => { this.now = Date.now(); }, TICK_MS);
    if (state.phase === 'cancelled') this.expiry = setTimeout(() => { this.now = Date.now(); }, CANCELLED_SHOWN_MS + 50);
  }

  stopTimers() {
    clearInterval(this.ticker);
    clearTimeout(this.expiry);
  }

  // `why` is what the user did, which the server says back; without it the
  // server's "cancelled by the user". One call per countdown.
  async cancel(why) {
    this.state = { ...this.state, cancelling: true };
    try {
      await rpc('LLMService.cancel_cache_warmup', ...(typeof why === 'string' ? [why] : []));
      // The server says so too (cacheWarmupCancelled); this is for a page
      // that missed it.
      if (this.state.phase === 'countdown')
        this.apply(warmupEvent(this.state, 'cacheWarmupCancelled', { reason: why ?? 'cancelled by the user' }, Date.now()));
    } catch (e) {
      this.state = { ...this.state, cancelling: false };
      toast(`Could not cancel the cache warm-up: ${e.message}`, 'error');
    }
  }

  render() {
    const line = warmupLine(this.state, this.now);
    if (!line.text) return '';
    return html`<span class="cache-warmup ${line.phase}" data-cache-warmup=${line.phase}
        title="A minimal request re-reads the cached prompt before the provider's cache expires, so the next question reads it cheaply">
      <span data-warmup-text>${line.text}</span>
      ${line.cancellable ? html`<button data-action="cancel-warmup" @click=${() => this.cancel()}>Cancel</button>` : ''}</span>`;
  }
}
customElements.define('ac-cache-warmup', AcCacheWarmup);
