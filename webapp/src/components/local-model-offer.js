// <ac-local-model-offer>: under a send refused for a missing key (issue 30),
// and in the Settings tab (`settings`). It asks LLMService.local_model_offer
// once; when an Ollama server answers with models it shows a choice of them,
// each with the window acdc would use there and whether it calls tools
// (issue 41), and "Use a local model"; otherwise nothing. Nothing is chosen without the click: the click calls
// LLMService.use_local_model (the server rewrites llm.yaml through the
// settings plugin and reloads it) and fires "local-model" with its result,
// on which the chat says what is now configured and sends the question
// again. A failure stays on the offer, with its reason, for another try.
//
//   <ac-local-model-offer @local-model=${(e) => switched(e.detail)}></ac-local-model-offer>
//   <ac-local-model-offer settings @local-model=...></ac-local-model-offer>   // in the Settings tab

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, hasMethod } from '../rpc.js';
import { offeredModels, modelLabel } from '../core/local-model.js';

class AcLocalModelOffer extends LightElement {
  static properties = { settings: { type: Boolean }, models: { state: true }, busy: { state: true }, error: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.models ??= [];
    if (!this.asked && hasMethod('LLMService.local_model_offer')) this.ask();
  }

  // No answer (null) or a failed probe leaves the refusal as it was.
  // data-offer says the answer came ("models" or "none"), for a test.
  async ask() {
    this.asked = true;
    try {
      this.offer = await rpc('LLMService.local_model_offer');
      this.models = offeredModels(this.offer);
    } catch {
      this.models = [];
    }
    this.dataset.offer = this.models.length ? 'models' : 'none';
  }

  async use() {
    const model = this.querySelector('select').value;
    this.busy = true;
    this.error = '';
    try {
      const result = await rpc('LLMService.use_local_model', model);
      this.dispatchEvent(new CustomEvent('local-model', { bubbles: true, detail: { model, ...result } }));
    } catch (e) {
      this.error = e.message;
    } finally {
      this.busy = false;
    }
  }

  render() {
    if (!this.models.length) return '';
    return html`<div class="local-model-offer" data-local-model-offer>
      <span>${this.settings ? `Local models (Ollama at ${this.offer?.base_url ?? ''}):` : 'An Ollama server answers on this machine:'}</span>
      <select data-local-model title="The model llm.yaml will name, with the window acdc would use" ?disabled=${this.busy}>
        ${this.models.map((m) => html`<option value=${m}>${modelLabel(this.offer, m)}</option>`)}</select>
      <button data-action="use-local-model" ?disabled=${this.busy} @click=${this.use}
        title=${this.settings ? 'Point llm.yaml at this model (provider ollama, no key)' : 'Point llm.yaml at this model (provider ollama, no key) and send the question again'}>${this.busy ? 'Switching…' : 'Use a local model'}</button>
      ${this.error ? html`<div class="local-model-error" data-local-model-error>Not switched: ${this.error}</div>` : ''}
    </div>`;
  }
}
customElements.define('ac-local-model-offer', AcLocalModelOffer);
