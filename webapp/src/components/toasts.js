// <ac-toasts>: short messages from anywhere (rpc.js toast()), each gone after
// a few seconds; errors stay longer.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on } from '../rpc.js';

class AcToasts extends LightElement {
  static properties = { items: { state: true } };

  constructor() {
    super();
    this.items = [];
    this.serial = 0;
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('toast', (t) => this.add(t)));
  }

  add({ message, kind }) {
    const id = ++this.serial;
    this.items = [...this.items, { id, message, kind }];
    setTimeout(() => { this.items = this.items.filter((t) => t.id !== id); }, kind === 'error' ? 8000 : 3500);
  }

  render() {
    return html`<div class="toasts" role="status">${this.items.map((t) =>
      html`<div class="toast ${t.kind}" data-toast=${t.kind}>${t.message}</div>`)}</div>`;
  }
}
customElements.define('ac-toasts', AcToasts);
