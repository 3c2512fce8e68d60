// <ac-files-tab>: the file picker, the chat, and (when a file is open, by a
// click or by AcApp.navigateFile) the editor, loaded on first use.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on, emit } from '../rpc.js';
import './file-picker.js';
import './chat-panel.js';

class AcFilesTab extends LightElement {
  static properties = { gate: {}, open: { state: true } };

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

  render() {
    const files = this.gate?.('files') ?? { ok: false, reason: '' };
    return html`<div class="files-tab ${this.open ? 'with-viewer' : ''}">
      <section class="left">${files.ok ? html`<ac-file-picker .gate=${this.gate}></ac-file-picker>`
        : html`<div class="unavailable" data-unavailable="files">${files.reason || 'Connecting…'}</div>`}</section>
      <section class="center"><ac-chat-panel .gate=${this.gate}></ac-chat-panel></section>
      ${this.open ? html`<section class="right"><ac-file-editor .target=${this.open} .gate=${this.gate}
        @close=${() => { this.open = null; }}></ac-file-editor></section>` : ''}
    </div>`;
  }
}
customElements.define('ac-files-tab', AcFilesTab);
