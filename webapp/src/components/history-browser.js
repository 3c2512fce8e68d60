// <ac-history-browser>: past sessions (history_list_sessions), a search over
// every message (history_search), a preview, and "load" into the current
// context (load_session_into_context). Fires "close".

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, toast } from '../rpc.js';

class AcHistoryBrowser extends LightElement {
  static properties = { sessions: { state: true }, hits: { state: true }, preview: { state: true }, error: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.refresh();
  }

  async refresh() {
    try {
      this.sessions = await rpc('LLMService.history_list_sessions', 50);
    } catch (e) {
      this.error = e.message;
    }
  }

  async search(q) {
    if (!q.trim()) { this.hits = null; return; }
    try {
      this.hits = await rpc('LLMService.history_search', q, null, 50);
    } catch (e) {
      this.error = e.message;
    }
  }

  async show(id) {
    try {
      const records = await rpc('LLMService.history_get_session', id);
      this.preview = { id, records: Array.isArray(records) ? records : records?.messages ?? [] };
    } catch (e) {
      this.error = e.message;
    }
  }

  async load(id) {
    try {
      await rpc('LLMService.load_session_into_context', id);
      toast('Session loaded', 'ok');
      this.close();
    } catch (e) {
      this.error = `Could not load the session: ${e.message}`;
    }
  }

  close() { this.dispatchEvent(new CustomEvent('close')); }

  render() {
    const list = this.hits ?? this.sessions ?? [];
    return html`<div class="dialog history" role="dialog" aria-label="History">
      <div class="dialog-head"><b>History</b>
        <input type="search" placeholder="Search messages" @input=${(e) => this.search(e.target.value)}>
        <button @click=${this.close}>Close</button></div>
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      <div class="history-body">
        <ul class="sessions">${list.map((s) => html`<li data-session=${s.session_id}>
          <a href="#" @click=${(e) => { e.preventDefault(); this.show(s.session_id); }}>
            ${s.timestamp ? new Date(typeof s.timestamp === 'number' ? s.timestamp * 1000 : s.timestamp).toLocaleString() : ''}
            — ${s.preview ?? s.content_preview ?? ''}</a>
          ${s.message_count != null ? html`<small>${s.message_count} messages</small>` : ''}</li>`)}</ul>
        ${this.preview ? html`<div class="preview">
          <button data-action="load-session" @click=${() => this.load(this.preview.id)}>Load into context</button>
          ${this.preview.records.map((r) => html`<div class="msg ${r.role}"><b>${r.role}</b>: ${String(r.content ?? '').slice(0, 500)}</div>`)}
        </div>` : ''}
      </div></div>`;
  }
}
customElements.define('ac-history-browser', AcHistoryBrowser);
