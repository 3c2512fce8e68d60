// <ac-file-mentions>: the "Files referenced" row under an answer (issue 29):
// each repository file the answer names, as a link that opens it, ticked when
// in context, and Add All, which puts every one of them into the selection
// (the picker's "add-files" on the event bus).
//
//   <ac-file-mentions .paths=${['src/a.py']} .selected=${selectedSet}></ac-file-mentions>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { emit } from '../rpc.js';

class AcFileMentions extends LightElement {
  static properties = { paths: {}, selected: {} };

  render() {
    const selected = this.selected ?? new Set();
    const missing = this.paths.filter((p) => !selected.has(p));
    return html`<div class="files-referenced" data-files-referenced>
      <span class="label">Files referenced</span>
      ${this.paths.map((p) => html`<a href="#" class="file-chip ${selected.has(p) ? 'in-context' : ''}" data-mention=${p}
        title=${selected.has(p) ? 'In context; click to open' : 'Click to open'}
        @click=${(e) => { e.preventDefault(); emit('open-file', { path: p }); }}>${selected.has(p) ? '✓ ' : ''}${p}</a>`)}
      <button data-action="add-all" ?disabled=${!missing.length} title="Add these files to the context"
        @click=${() => emit('add-files', missing)}>Add All</button>
    </div>`;
  }
}
customElements.define('ac-file-mentions', AcFileMentions);
