// <ac-splitter>: a vertical bar between two columns (issue 29). Dragging it
// fires "drag" {dx} (pixels since the last event) and, on release, "done";
// the owner resizes its columns and keeps the widths.
//
//   <ac-splitter @drag=${(e) => grow(e.detail.dx)} @done=${save}></ac-splitter>

import { LightElement } from './light-element.js';

class AcSplitter extends LightElement {
  connectedCallback() {
    super.connectedCallback();
    this.setAttribute('role', 'separator');
    this.setAttribute('aria-orientation', 'vertical');
    this.title = 'Drag to resize';
    this.addEventListener('pointerdown', (e) => this.start(e));
  }

  start(e) {
    e.preventDefault();
    this.setPointerCapture(e.pointerId);
    let x = e.clientX;
    const move = (ev) => {
      this.dispatchEvent(new CustomEvent('drag', { detail: { dx: ev.clientX - x } }));
      x = ev.clientX;
    };
    const up = () => {
      this.removeEventListener('pointermove', move);
      this.removeEventListener('pointerup', up);
      this.classList.remove('dragging');
      this.dispatchEvent(new CustomEvent('done'));
    };
    this.classList.add('dragging');
    this.addEventListener('pointermove', move);
    this.addEventListener('pointerup', up);
  }
}
customElements.define('ac-splitter', AcSplitter);
