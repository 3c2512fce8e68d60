// <ac-run-timer>: how long the running turn has taken (issue 29), m:ss,
// ticking once a second while on the page.
//
//   ${streaming ? html`<ac-run-timer .since=${startedAt}></ac-run-timer>` : ''}

import { html } from 'lit';
import { LightElement } from './light-element.js';

class AcRunTimer extends LightElement {
  static properties = { since: {}, now: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.now = Date.now();
    this.ticker = setInterval(() => { this.now = Date.now(); }, 1000);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.ticker);
  }

  render() {
    const s = Math.max(0, Math.floor((this.now - (this.since ?? this.now)) / 1000));
    return html`<span class="run-timer" data-run-timer title="Time since the question was sent">⏱ ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}</span>`;
  }
}
customElements.define('ac-run-timer', AcRunTimer);
