// <ac-error-card>: a turn that failed (issue 29), as a card styled by the
// error's kind (core/error-kinds.js): the title, the provider's message, what
// to do next, and, when `retryable`, a Retry button that fires "retry" (the
// chat sends the question again).
//
//   <ac-error-card .error=${errorCard(result.error_info, result.error)} ?retryable=${true}></ac-error-card>

import { html } from 'lit';
import { LightElement } from './light-element.js';

class AcErrorCard extends LightElement {
  static properties = { error: {}, retryable: { type: Boolean } };

  render() {
    const e = this.error;
    return html`<div class="error-card kind-${e.kind}" data-error-card=${e.kind} role="alert">
      <div class="error-title">${e.title}${e.status ? html` <small>(HTTP ${e.status})</small>` : ''}</div>
      <div class="error-message" data-error-message>${e.message}</div>
      <div class="error-advice">${e.advice}</div>
      ${this.retryable ? html`<button data-action="retry" title="Send the question again"
        @click=${() => this.dispatchEvent(new CustomEvent('retry', { bubbles: true }))}>Retry</button>` : ''}
    </div>`;
  }
}
customElements.define('ac-error-card', AcErrorCard);
