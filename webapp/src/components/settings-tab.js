// <ac-settings-tab>: one card per editable config file (Settings plugin):
// edit, save, reload. A refused save shows the plugin's reason (with the line)
// in the card, and the text typed stays in the editor.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, hasMethod, toast } from '../rpc.js';

export const CONFIG_TYPES = ['llm', 'app', 'snippets', 'host', 'system', 'system_extra', 'compaction', 'review'];

class AcSettingsTab extends LightElement {
  static properties = { info: { state: true }, cards: { state: true }, open: { state: true } };

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
  }

  setCard(type, patch) {
    this.cards = { ...this.cards, [type]: { ...this.cards[type], ...patch } };
  }

  async load(type) {
    this.open = type;
    try {
      const r = await rpc('Settings.get_config_content', type);
      this.setCard(type, { content: typeof r === 'string' ? r : r.content, error: '', note: '' });
    } catch (e) {
      this.setCard(type, { content: '', error: e.message });
    }
  }

  async save(type) {
    const content = this.querySelector(`textarea[data-config="${type}"]`).value;
    this.setCard(type, { content });
    try {
      const r = await rpc('Settings.save_config_content', type, content);
      const warnings = [...(r?.warnings ?? []), ...(r?.warning ? [r.warning] : [])];
      this.setCard(type, { error: '', note: warnings.length ? `Saved, with warnings: ${warnings.join('; ')}` : 'Saved.' });
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
      <div class="card-head"><b>${type}</b>
        <button @click=${() => this.load(type)}>${open ? 'Revert' : 'Edit'}</button>
        ${open ? html`<button data-action="save-config" @click=${() => this.save(type)}>Save</button>` : ''}
        ${type === 'llm' || type === 'app' ? html`<button @click=${() => this.reload(type)}>Reload</button>` : ''}</div>
      ${c.error ? html`<div class="error" data-config-error>${c.error}</div>` : ''}
      ${c.note ? html`<div class="note" data-config-note>${c.note}</div>` : ''}
      ${open && c.content !== undefined ? html`<textarea data-config=${type} rows="16" spellcheck="false" .value=${c.content}></textarea>` : ''}
    </div>`;
  }

  render() {
    const i = this.info ?? {};
    return html`<div class="settings-tab">
      <div class="banner">${i.error ? html`<span class="error">${i.error}</span>`
        : html`Model <b data-model>${i.model ?? '…'}</b> · smaller model <b>${i.smaller_model ?? '…'}</b> · config in <code>${i.config_dir ?? '…'}</code>`}</div>
      ${CONFIG_TYPES.map((t) => this.renderCard(t))}
    </div>`;
  }
}
customElements.define('ac-settings-tab', AcSettingsTab);
