// <ac-url-viewer>: what the model reads of one fetched link: its title,
// summary, text and, for a repository, its symbol map; refresh it (the disk
// cache is skipped) or drop it from the session. Loaded on first use.
//
//   <ac-url-viewer .url=${url} @close=... @dropped=${(e) => e.detail /* url */}
//                  @refreshed=${(e) => e.detail /* URLContent */}></ac-url-viewer>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, toast } from '../rpc.js';

class AcUrlViewer extends LightElement {
  static properties = { url: {}, content: { state: true }, tab: { state: true }, busy: { state: true } };

  constructor() {
    super();
    this.tab = 'text';
  }

  updated(changed) {
    if (changed.has('url') && this.url) this.load();
  }

  async load() {
    try {
      this.content = await rpc('LLMService.get_url_content', this.url);
    } catch (e) {
      this.content = { url: this.url, error: e.message };
    }
  }

  async refresh() {
    this.busy = true;
    try {
      await rpc('LLMService.invalidate_url_cache', this.url);
      this.content = await rpc('LLMService.fetch_url', this.url, false, true);
      this.dispatchEvent(new CustomEvent('refreshed', { detail: this.content }));
    } catch (e) {
      toast(`Refresh failed: ${e.message}`, 'error');
    } finally {
      this.busy = false;
    }
  }

  async drop() {
    try {
      await rpc('LLMService.remove_fetched_url', this.url);
      this.dispatchEvent(new CustomEvent('dropped', { detail: this.url }));
      this.close();
    } catch (e) {
      toast(`Could not drop it: ${e.message}`, 'error');
    }
  }

  close() { this.dispatchEvent(new CustomEvent('close')); }

  render() {
    const c = this.content ?? {};
    const tabs = [['text', 'Text', c.readme || c.content], ['summary', 'Summary', c.summary], ['map', 'Symbol Map', c.symbol_map]]
      .filter(([, , v]) => v);
    const shown = tabs.find(([id]) => id === this.tab) ?? tabs[0];
    return html`<div class="dialog url-viewer" data-url-viewer role="dialog" aria-label="Fetched link">
      <div class="url-viewer-head">
        <strong data-url-title>${c.title || this.url}</strong>
        <a href=${this.url} target="_blank" rel="noopener noreferrer">${this.url}</a>
        <span class="grow"></span>
        <button data-refresh ?disabled=${this.busy} @click=${this.refresh}>${this.busy ? 'Fetching…' : 'Refresh'}</button>
        <button data-drop @click=${this.drop}>Drop from session</button>
        <button data-close @click=${this.close}>Close</button>
      </div>
      ${c.error ? html`<div class="error" data-url-viewer-error>${c.error}</div>` : ''}
      ${c.notice ? html`<div class="url-note">${c.notice}</div>` : ''}
      ${c.summary_type ? html`<div class="dim">summary: ${c.summary_type}</div>` : ''}
      <div class="url-tabs">${tabs.map(([id, label]) => html`<button class="tab ${shown?.[0] === id ? 'active' : ''}"
        data-url-tab=${id} @click=${() => { this.tab = id; }}>${label}</button>`)}</div>
      <pre class="url-text" data-url-text>${shown?.[2] ?? ''}</pre>
    </div>`;
  }
}
customElements.define('ac-url-viewer', AcUrlViewer);
