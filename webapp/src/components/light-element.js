// Base class of the app's elements: Lit rendering into the light DOM, so the
// one stylesheet (styles.css) applies and tests can select by attribute.
//
//   class MyThing extends LightElement { render() { return html`...`; } }

import { LitElement } from 'lit';

export class LightElement extends LitElement {
  createRenderRoot() { return this; }

  // Subscriptions made with this.listen() end when the element leaves the page.
  listen(unsubscribe) {
    (this.subscriptions ??= []).push(unsubscribe);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    for (const off of this.subscriptions ?? []) off();
    this.subscriptions = [];
  }
}
