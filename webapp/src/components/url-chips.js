// <ac-url-chips>: the links of the draft and of this session as chips under
// the chat input (acdc-features.md §9.2 ac-url-chips): type and short name,
// state (detected, waiting, fetching, fetched, the error), a checkbox to
// leave a fetched link out of the next turn, × to remove, and the name opens
// <ac-url-viewer>. The draft's links come from LLMService.detect_urls, asked
// at most every 250 ms while typing; progress from compactionEvent
// url_fetch / url_ready. Without the url-fetch plugin one note says why.
//
//   <ac-url-chips .gate=${gate}></ac-url-chips>
//   chips.textChanged(text); const excluded = chips.beforeSend();

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { UrlChips } from '../core/url-chips.js';
import { rpc, on, toast } from '../rpc.js';

const DETECT_DELAY_MS = 250;
const ANY_LINK = /https?:\/\/\S/i;
const TYPE_LABELS = { github_repo: 'repo', github_file: 'file', github_issue: 'issue', github_pr: 'PR',
  documentation: 'docs', generic: 'web' };
const STATUS_LABELS = { detected: '', queued: 'waiting…', fetching: 'fetching…', fetched: '', error: 'failed' };

class AcUrlChips extends LightElement {
  static properties = { gate: {}, version: { state: true }, viewing: { state: true }, hasLink: { state: true } };

  constructor() {
    super();
    this.model = new UrlChips();
    this.version = 0;
    this.text = '';
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('compactionEvent', ({ event }) => this.onProgress(event)));
    this.listen(on('streamComplete', () => this.refreshWaiting()));
    this.listen(on('sessionChanged', () => this.changed(() => this.model.clearFetched())));
  }

  get usable() { return this.gate?.('urls') ?? { ok: false, reason: '' }; }

  changed(fn) {
    fn();
    this.version++;
  }

  textChanged(text) {
    this.text = text;
    this.hasLink = ANY_LINK.test(text);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.detect(), DETECT_DELAY_MS);
  }

  async detect() {
    if (!this.usable.ok) return;
    const text = this.text;
    try {
      const found = ANY_LINK.test(text) ? await rpc('LLMService.detect_urls', text) : [];
      if (text === this.text) this.changed(() => this.model.setDetected(found ?? []));
    } catch (e) {
      toast(`Links not detected: ${e.message}`, 'warn');
    }
  }

  // The send's excluded_urls; the typed links then wait for the turn.
  beforeSend() {
    clearTimeout(this.timer);
    const excluded = this.model.excluded();
    this.changed(() => this.model.afterSend());
    this.text = '';
    this.hasLink = false;
    return excluded;
  }

  onProgress(ev) {
    let ready = null;
    this.changed(() => { ready = this.model.progress(ev); });
    if (ready) this.load(ready, true);
  }

  refreshWaiting() {
    for (const url of this.model.waiting()) this.load(url);
  }

  // `announce`: a fetch just finished (url_ready, which comes for a failed
  // fetch too), so a toast says how it went, from the content itself.
  async load(url, announce = false) {
    try {
      const content = await rpc('LLMService.get_url_content', url);
      this.changed(() => this.model.markContent(content));
    } catch (e) {
      this.changed(() => this.model.markContent({ url, error: e.message }));
    }
    const c = this.model.list.find((x) => x.url === url);
    if (!announce || !c) return;
    if (c.status === 'fetched') toast(`Fetched ${c.display_name}`, 'ok');
    else if (c.status === 'error') toast(`Could not fetch ${c.display_name}: ${c.error}`, 'error');
  }

  async remove(chip) {
    const wasFetched = chip.status === 'fetched' || chip.status === 'error';
    this.changed(() => this.model.remove(chip.url));
    if (!wasFetched) return;
    try {
      await rpc('LLMService.remove_fetched_url', chip.url);
    } catch (e) {
      toast(`Could not drop ${chip.display_name}: ${e.message}`, 'error');
    }
  }

  async open(chip) {
    await import('./url-viewer.js');
    this.viewing = chip.url;
  }

  chip(c) {
    const title = c.error || c.title || c.url;
    return html`<span class="url-chip ${c.status}" data-url-chip=${c.url} data-status=${c.status} title=${title}>
      ${c.status === 'fetched' ? html`<input type="checkbox" data-include .checked=${c.included}
        title="Send with the next message" @change=${() => this.changed(() => this.model.toggle(c.url))}>` : ''}
      <span class="url-type">${TYPE_LABELS[c.type] ?? c.type}</span>
      <button class="link" data-open ?disabled=${c.status !== 'fetched' && c.status !== 'error'}
        @click=${() => this.open(c)}>${c.display_name}</button>
      ${STATUS_LABELS[c.status] ? html`<span class="url-state">${STATUS_LABELS[c.status]}</span>` : ''}
      ${c.status === 'error' ? html`<span class="url-error" data-url-error>${c.error}</span>` : ''}
      <button class="icon" data-remove title="Remove" @click=${() => this.remove(c)}>×</button></span>`;
  }

  render() {
    const usable = this.usable;
    if (!usable.ok)
      return this.hasLink && usable.reason ? html`<div class="url-note" data-url-note>${usable.reason}</div>` : '';
    const chips = this.model.list;
    return html`${chips.length ? html`<div class="url-chips">${chips.map((c) => this.chip(c))}</div>` : ''}
      ${this.viewing ? html`<ac-url-viewer .url=${this.viewing} @close=${() => { this.viewing = null; }}
        @dropped=${(e) => this.changed(() => this.model.remove(e.detail))}
        @refreshed=${(e) => this.changed(() => this.model.markContent(e.detail))}></ac-url-viewer>` : ''}`;
  }
}
customElements.define('ac-url-chips', AcUrlChips);
