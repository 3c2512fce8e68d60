// <ac-permission-dialog>: the question AcApp.askPermission puts to the user
// before an Agent turn runs a command (issue 39): what would run, where and
// in which sandbox, said loudly when there is none, answered with Allow once,
// Always allow this command or Deny (Escape). An Ask turn's answer that edits
// files not in the context asks (kind "edit") whether to add them and apply. Deny has the focus, so a key
// pressed while typing elsewhere never allows anything. Asks that come while
// one is shown wait their turn; a lost connection drops them, as nobody is
// left to hear the answer (the host asks again on its side, or gives up).
//
//   <ac-permission-dialog></ac-permission-dialog>   (once, in the shell)

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on } from '../rpc.js';
import { sandboxLabel } from '../core/commands.js';

const CHOICES = [['allow_once', 'Allow once'], ['allow_always', 'Always allow this command'], ['deny', 'Deny']];
const EDIT_CHOICES = [['allow_once', 'Add and apply'], ['allow_always', 'Always add the files an answer edits'],
  ['deny', 'Do not apply']];

class AcPermissionDialog extends LightElement {
  static properties = { queue: { state: true } };

  constructor() {
    super();
    this.queue = [];
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('askPermission', (asked) => { this.queue = [...this.queue, asked]; }));
    this.listen(on('disconnected', () => { this.queue = []; }));
  }

  answer(outcome) {
    const [first, ...rest] = this.queue;
    this.queue = rest;
    first?.resolve({ outcome });
  }

  updated() {
    this.querySelector('[data-permission="deny"]')?.focus();
  }

  render() {
    const asked = this.queue[0];
    if (!asked) return '';
    const a = asked.ask ?? {};
    const edit = a.kind === 'edit';
    return html`<div class="modal-backdrop">
      <div class="dialog permission" role="alertdialog" aria-modal="true" aria-labelledby="permission-title" data-permission-dialog
        data-tool=${a.tool ?? ''} @keydown=${(e) => { if (e.key === 'Escape') this.answer('deny'); }}>
        <b id="permission-title">${a.title || (edit ? 'Apply edits to files not in context?' : 'Run a command?')}</b>
        ${edit ? this.renderEdit(a) : this.renderCommand(a)}
        ${this.queue.length > 1 ? html`<div class="permission-more">${this.queue.length - 1} more waiting</div>` : ''}
        <div class="dialog-foot">${(edit ? EDIT_CHOICES : CHOICES).map(([outcome, label]) => html`<button data-permission=${outcome}
          @click=${() => this.answer(outcome)}>${label}</button>`)}</div>
      </div></div>`;
  }

  renderCommand(a) {
    const bare = a.sandbox_available === false || a.sandbox === 'off';
    return html`<div class="permission-what">The model wants to run</div>
      <pre class="permission-command" data-permission-command>${a.command ?? ''}</pre>
      <div class="permission-where">${!a.cwd || a.cwd === '.' ? 'in the repository\'s top folder' : html`in <code>${a.cwd}</code>`}${
        bare ? '' : a.sandbox ? `, ${sandboxLabel(a.sandbox)}` : ', in a sandbox'}</div>
      ${bare ? html`<div class="permission-bare" data-no-sandbox>This command runs without a sandbox: it can change
        or delete any file you can, and reach the network.</div>` : ''}`;
  }

  renderEdit(a) {
    return html`<div class="permission-what">The answer edits files you did not put in the context:</div>
      <ul class="permission-paths">${(a.paths ?? []).map((p) => html`<li><code data-permission-path>${p}</code></li>`)}</ul>
      <div class="permission-where">Added, they stay selected and the edits apply now; Undo takes them back.</div>`;
  }
}
customElements.define('ac-permission-dialog', AcPermissionDialog);
