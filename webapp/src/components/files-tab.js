// <ac-files-tab>: the file picker, the chat, and (when a file is open, by a
// click or by AcApp.navigateFile) the editor, loaded on first use. The picker
// and the editor are resized by splitters, their widths kept in localStorage
// (core/columns.js); the chat takes the rest.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on, emit } from '../rpc.js';
import { COLUMNS_KEY, loadColumns, dragColumn } from '../core/columns.js';
import './file-picker.js';
import './chat-panel.js';
import './cache-warmup.js';
import './splitter.js';

class AcFilesTab extends LightElement {
  static properties = { gate: {}, open: { state: true }, widths: { state: true } };

  constructor() {
    super();
    this.widths = loadColumns(localStorage.getItem(COLUMNS_KEY));
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('open-file', (target) => this.openFile(target)));
    // LLMService.navigate_file: the server asks every tab to show a file.
    this.listen(on('navigateFile', ({ path } = {}) => path && this.openFile({ path })));
  }

  async openFile(target) {
    await import('./file-editor.js');
    this.open = { ...target };
    emit('open-tab', 'files');
  }

  // The editor's splitter is on its left: dragging right narrows it.
  resize(column, dx) {
    const total = this.querySelector('.files-tab')?.clientWidth ?? window.innerWidth;
    const shown = { ...this.widths, editor: this.widths.editor ?? this.querySelector('section.right')?.clientWidth ?? null };
    this.widths = dragColumn(shown, column, column === 'editor' ? -dx : dx, total);
  }

  render() {
    const files = this.gate?.('files') ?? { ok: false, reason: '' };
    const { picker, editor } = this.widths;
    const right = editor ? `minmax(0,1fr) auto ${editor}px` : 'minmax(320px,1fr) auto minmax(420px,1.2fr)';
    const columns = this.open ? `${picker}px auto ${right}` : `${picker}px auto minmax(0,1fr)`;
    const save = () => localStorage.setItem(COLUMNS_KEY, JSON.stringify(this.widths));
    return html`<div class="files-tab" style="grid-template-columns:${columns}">
      <section class="left">${files.ok ? html`<ac-file-picker .gate=${this.gate}></ac-file-picker>`
        : html`<div class="unavailable" data-unavailable="files">${files.reason || 'Connecting…'}</div>`}</section>
      <ac-splitter data-splitter="picker" @drag=${(e) => this.resize('picker', e.detail.dx)} @done=${save}></ac-splitter>
      <section class="center"><ac-chat-panel .gate=${this.gate}></ac-chat-panel></section>
      ${this.open ? html`<ac-splitter data-splitter="editor" @drag=${(e) => this.resize('editor', e.detail.dx)} @done=${save}></ac-splitter>
        <section class="right"><ac-file-editor .target=${this.open} .gate=${this.gate}
        @close=${() => { this.open = null; }}></ac-file-editor></section>` : ''}
    </div>`;
  }
}
customElements.define('ac-files-tab', AcFilesTab);
