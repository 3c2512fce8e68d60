// <ac-mode-switch>: code mode or doc mode, and cross-reference (the other
// mode's map added to the prompt), in the header (acdc-features.md §4.12).
// The server owns both: a click asks it, and every tab follows its
// AcApp.modeChanged (and get_current_state after a (re)connect), so two
// tabs never disagree. Hidden when the host has no modes.
//
//   <ac-mode-switch></ac-mode-switch>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, hasMethod, toast } from '../rpc.js';

class AcModeSwitch extends LightElement {
  static properties = { mode: { state: true }, crossRef: { state: true }, busy: { state: true }, available: { state: true } };

  constructor() {
    super();
    this.mode = 'code';
    this.crossRef = false;
  }

  connectedCallback() {
    super.connectedCallback();
    const follow = ({ mode, cross_ref_enabled: crossRef } = {}) => {
      this.available = hasMethod('LLMService.switch_mode');
      if (mode) this.mode = mode;
      if (crossRef !== undefined) this.crossRef = !!crossRef;
    };
    this.listen(on('state', follow));
    this.listen(on('modeChanged', follow));
  }

  async ask(method, arg, what) {
    this.busy = true;
    try {
      await rpc(method, arg);
    } catch (e) {
      toast(`Could not ${what}: ${e.message}`, 'error');
    } finally {
      this.busy = false;
    }
  }

  render() {
    if (!this.available) return '';
    const other = this.mode === 'doc' ? 'code' : 'doc';
    return html`<span class="mode-switch" data-mode=${this.mode}>
      ${['code', 'doc'].map((m) => html`<button class="mode ${this.mode === m ? 'active' : ''}" data-mode-button=${m}
        aria-pressed=${this.mode === m} ?disabled=${this.busy}
        title=${m === 'code' ? 'Code mode: the symbol map and the coding prompt' : 'Doc mode: the documents\' outlines and the writing prompt'}
        @click=${() => this.mode !== m && this.ask('LLMService.switch_mode', m, `switch to ${m} mode`)}>${m === 'code' ? 'Code' : 'Doc'}</button>`)}
      <label class="cross-ref" title="Add the ${other} map to the prompt as well">
        <input type="checkbox" data-cross-ref .checked=${this.crossRef} ?disabled=${this.busy}
          @change=${(e) => this.ask('LLMService.set_cross_reference', e.target.checked, 'change cross-reference')}>
        + ${other} map</label>
    </span>`;
  }
}
customElements.define('ac-mode-switch', AcModeSwitch);
