// <ac-startup-overlay>: the host's startup stages (AcApp.startupProgress)
// as a progress bar; the shell hides it at "ready".

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on } from '../rpc.js';

class AcStartupOverlay extends LightElement {
  static properties = { stage: { state: true }, message: { state: true }, percent: { state: true } };

  constructor() {
    super();
    this.stage = 'connecting';
    this.message = 'Connecting to the host…';
    this.percent = 0;
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('startupProgress', (p) => Object.assign(this, p)));
  }

  render() {
    return html`<div class="overlay" data-stage=${this.stage}>
      <div class="overlay-box">
        <h1>AC-DC++</h1>
        <p class="overlay-message">${this.message}</p>
        <div class="bar"><div class="fill" style="width:${Math.max(0, Math.min(100, this.percent ?? 0))}%"></div></div>
      </div></div>`;
  }
}
customElements.define('ac-startup-overlay', AcStartupOverlay);
