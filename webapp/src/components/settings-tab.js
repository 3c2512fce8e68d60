// <ac-settings-tab>: one card per editable config file (Settings plugin):
// edit, save, reload. A refused save shows the plugin's reason (with the line)
// in the card, and the text typed stays in the editor. Keys acdc ignores are
// listed with their file and line above the cards, and in the open card. Unsaved text lives in
// `drafts`, outside the element, so neither opening another card nor leaving
// the tab (which unrenders this element) loses it. Above the cards, how to
// connect an agent or an editor to acdc (agent-connect.js), and the MCP
// servers whose tools acdc's agent uses (mcp-servers.js). The banner says
// the model's window and, when it is small, what acdc shrank to fit it
// (LLMService.get_window_fit); the models of a local Ollama server are
// offered with their windows (local-model-offer.js).

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, hasMethod, toast } from '../rpc.js';
import './agent-connect.js';
import './mcp-servers.js';
import './local-model-offer.js';

export const CONFIG_TYPES = ['llm', 'app', 'snippets', 'host', 'system', 'system_extra', 'system_doc', 'system_compact', 'compaction', 'review'];

const drafts = new Map();   // type -> text typed and not saved yet

class AcSettingsTab extends LightElement {
  static properties = { gate: {}, info: { state: true }, fit: { state: true }, cards: { state: true }, open: { state: true } };

  constructor() {
    super();
    this.cards = {};
  }

  connectedCallback() {
    super.connectedCallback();
    this.refresh();
  }

  async refresh() {
    try {
      this.info = await rpc('Settings.get_config_info');
    } catch (e) {
      this.info = { error: e.message };
    }
    // A broken llm.yaml is the banner's error already.
    this.fit = hasMethod('LLMService.get_window_fit') ? await rpc('LLMService.get_window_fit').catch(() => null) : null;
  }

  usedLocalModel({ model }) {
    toast(`llm.yaml now uses the local model ${model}`, 'ok');
    this.refresh();
  }

  renderFit(f) {
    if (!f?.window) return '';
    const n = (v) => v.toLocaleString('en-US');
    return html`<div class="window-fit" data-window-fit>Window <b>${n(f.window)}</b> tokens
      (<span data-window-fit-source>${f.window_source}</span>)${f.shrunk?.length ? html`: too small for the prompt's fixed
      parts at full size, so acdc keeps them to a quarter of it (${n(f.cap)} tokens). Shrunk to fit:
      <ul>${f.shrunk.map((line) => html`<li data-shrunk>${line}</li>`)}</ul>` : ''}</div>`;
  }

  setCard(type, patch) {
    this.cards = { ...this.cards, [type]: { ...this.cards[type], ...patch } };
  }

  // `revert`: drop the unsaved text and show the file again.
  async load(type, revert = false) {
    this.open = type;
    if (revert) drafts.delete(type);
    try {
      const r = await rpc('Settings.get_config_content', type);
      const problem = typeof r === 'object' && r.problem ? `This file has a problem: ${r.problem}` : '';
      this.setCard(type, { content: typeof r === 'string' ? r : r.content, error: problem, note: '', warnings: r?.warnings ?? [] });
    } catch (e) {
      this.setCard(type, { content: '', error: e.message });
    }
  }

  async save(type) {
    const content = this.querySelector(`textarea[data-config="${type}"]`).value;
    this.setCard(type, { content });
    try {
      const r = await rpc('Settings.save_config_content', type, content);
      drafts.delete(type);
      const warnings = [...(r?.warnings ?? []), ...(r?.warning ? [r.warning] : [])];
      const saved = r?.restart_required ? 'Saved. Restart acdc to apply it.' : 'Saved.';
      this.setCard(type, { error: '', note: warnings.length ? `${saved} Warnings: ${warnings.join('; ')}` : saved });
      await this.reload(type, true);
    } catch (e) {
      this.setCard(type, { error: e.message, note: '' });
    }
  }

  async reload(type, quiet = false) {
    const method = type === 'llm' ? 'Settings.reload_llm_config' : type === 'app' ? 'Settings.reload_app_config' : null;
    if (!method || !hasMethod(method)) return;
    try {
      await rpc(method);
      if (!quiet) toast(`${type} reloaded`, 'ok');
      await this.refresh();
    } catch (e) {
      this.setCard(type, { error: `Reload failed: ${e.message}` });
    }
  }

  renderCard(type) {
    const c = this.cards[type] ?? {};
    const open = this.open === type;
    return html`<div class="card ${open ? 'open' : ''}" data-card=${type}>
      <div class="card-head"><b>${type}</b>${drafts.has(type) ? html` <span class="dirty" data-unsaved>● unsaved</span>` : ''}
        <button @click=${() => this.load(type, open)}>${open ? 'Revert' : 'Edit'}</button>
        ${open ? html`<button data-action="save-config" @click=${() => this.save(type)}>Save</button>` : ''}
        ${type === 'llm' || type === 'app' ? html`<button @click=${() => this.reload(type)}>Reload</button>` : ''}</div>
      ${c.error ? html`<div class="error" data-config-error>${c.error}</div>` : ''}
      ${c.note ? html`<div class="note" data-config-note>${c.note}</div>` : ''}
      ${open ? (c.warnings ?? []).map((w) => html`<div class="config-warning" data-config-warning>Ignored: ${w}</div>`) : ''}
      ${open && c.content !== undefined ? html`<textarea data-config=${type} rows="16" spellcheck="false"
        .value=${drafts.get(type) ?? c.content} @input=${(e) => { drafts.set(type, e.target.value); this.requestUpdate(); }}></textarea>` : ''}
    </div>`;
  }

  render() {
    const i = this.info ?? {};
    return html`<div class="settings-tab">
      <div class="banner">${i.error ? html`<span class="error">${i.error}</span>`
        : html`Model <b data-model>${i.model ?? '…'}</b> · smaller model <b>${i.smaller_model ?? '…'}</b> · config in <code>${i.config_dir ?? '…'}</code>`}
        ${(i.problems ?? []).map((p) => html`<div class="error" data-config-problem>${p}</div>`)}
        ${(i.warnings ?? []).map((w) => html`<div class="config-warning" data-config-warning>${w}</div>`)}
        ${this.renderFit(this.fit)}</div>
      <ac-local-model-offer settings @local-model=${(e) => this.usedLocalModel(e.detail)}></ac-local-model-offer>
      <ac-agent-connect></ac-agent-connect>
      <ac-mcp-servers .gate=${this.gate}></ac-mcp-servers>
      ${CONFIG_TYPES.map((t) => this.renderCard(t))}
    </div>`;
  }
}
customElements.define('ac-settings-tab', AcSettingsTab);
