// <ac-startup-overlay>: the host's start-up stages (core/startup.js), one
// progress bar each, over the page until `ready`; the shell hides it then.
//
//   <ac-startup-overlay .state=${startupState} ?hidden=${startupState.ready}>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { overlayStages } from '../core/startup.js';

class AcStartupOverlay extends LightElement {
  static properties = { state: {} };

  render() {
    const stages = this.state ? overlayStages(this.state) : [];
    const stage = this.state?.ready ? 'ready' : stages.at(-1)?.stage ?? 'connecting';
    return html`<div class="overlay" data-stage=${stage}>
      <div class="overlay-box">
        <h1>AC-DC++</h1>
        ${stages.length ? stages.map((s) => html`<div class="overlay-stage" data-stage-row=${s.stage} data-percent=${s.percent}>
            <p class="overlay-message">${s.message}</p>
            <div class="bar"><div class="fill" style="width:${s.percent}%"></div></div></div>`)
          : html`<p class="overlay-message">Connecting to the host…</p><div class="bar"><div class="fill" style="width:0%"></div></div>`}
      </div></div>`;
  }
}
customElements.define('ac-startup-overlay', AcStartupOverlay);
