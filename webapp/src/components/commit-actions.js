// <ac-commit-actions>: Commit and Reset to HEAD. Commit stages everything
// and has the smaller model write a message (generate_commit_message(true)),
// shows it for editing, and commits with what the user confirms
// (commit_all(message); the result arrives as AcApp.commitResult). When the
// model cannot write one the dialog says why and the user may write their
// own; a server without generate_commit_message commits at once with the
// model's message, as the reference does. Reset (reset_to_head) asks first.
// Both go through the llm plugin so the conversation, and the model, learn
// of them; when a plugin is missing the button says why.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, hasMethod, on, emit, toast } from '../rpc.js';

class AcCommitActions extends LightElement {
  static properties = { gate: {}, dialog: { state: true }, committing: { state: true }, reviewing: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('commitResult', (r) => this.onResult(r)));
    // The server refuses both in review mode: its staged changes are the review's.
    this.listen(on('state', (st) => { this.reviewing = !!st?.review_state?.active; }));
    this.listen(on('reviewStarted', () => { this.reviewing = true; }));
    this.listen(on('reviewEnded', () => { this.reviewing = false; }));
  }

  // Committing needs git (repo plugin) and commit_all (llm plugin).
  commitGate() {
    if (!this.gate) return { ok: false, reason: 'Connecting…' };
    if (this.reviewing) return { ok: false, reason: 'Commit is off in review mode: exit the review first' };
    const git = this.gate('git');
    return git.ok ? this.gate('commit') : git;
  }

  resetGate() {
    if (this.reviewing) return { ok: false, reason: 'Reset is off in review mode: exit the review first' };
    return this.gate?.('reset') ?? { ok: false, reason: 'Connecting…' };
  }

  async startCommit() {
    if (!hasMethod('LLMService.generate_commit_message')) return this.commit();
    this.dialog = { kind: 'commit', writing: true, message: '' };
    try {
      const message = await rpc('LLMService.generate_commit_message', true);
      if (this.dialog?.kind === 'commit') this.dialog = { kind: 'commit', message };
    } catch (e) {
      if (this.dialog?.kind === 'commit') this.dialog = { kind: 'commit', message: '', error: e.message };
    }
  }

  // `message`: the user's; without one the server has the model write it.
  async commit(message) {
    this.committing = true;
    try {
      await rpc('LLMService.commit_all', ...(message ? [message] : []));
      this.dialog = null;
      toast(message ? 'Committing…' : 'Committing: writing a message for the staged changes…', 'info');
    } catch (e) {
      this.committing = false;
      if (this.dialog) this.dialog = { ...this.dialog, error: e.message };
      else toast(`Commit failed: ${e.message}`, 'error');
    }
  }

  // Every client hears the result, also a tab that did not start the commit.
  onResult(r) {
    this.committing = false;
    if (r?.error) toast(`Commit failed: ${r.error}`, 'error');
    else toast(`Committed ${r.short_sha ?? ''}: ${String(r.message ?? '').split('\n')[0]}`, 'ok');
    emit('tree-changed');
  }

  async reset() {
    try {
      const r = await rpc('LLMService.reset_to_head');
      toast('Reset to HEAD: uncommitted changes discarded', 'ok');
      if (r?.system_event_message) emit('systemEvent', r.system_event_message);
      this.dialog = null;
      emit('tree-changed');
    } catch (e) {
      this.dialog = { ...this.dialog, error: e.message };
    }
  }

  renderCommitDialog() {
    const d = this.dialog;
    const message = d.message.trim();
    return html`<div class="dialog commit" role="dialog" aria-label="Commit">
      <p>Every change will be staged and committed with this message:</p>
      <textarea data-field="commit-message" rows="8" spellcheck="true" ?disabled=${d.writing}
        placeholder=${d.writing ? 'Writing a message for the changes…' : 'type(scope): subject'}
        .value=${d.message} @input=${(e) => { this.dialog = { ...d, message: e.target.value }; }}></textarea>
      ${d.error ? html`<div class="error" data-commit-error>${d.error}</div>` : ''}
      <button data-action="confirm-commit" ?disabled=${d.writing || !message || this.committing}
        @click=${() => this.commit(message)}>Commit</button>
      <button data-action="cancel-commit" @click=${() => { this.dialog = null; }}>Cancel</button></div>`;
  }

  renderDialog() {
    const d = this.dialog;
    if (d.kind === 'commit') return this.renderCommitDialog();
    return html`<div class="dialog small" role="dialog" aria-label="Reset">
      <p>Discard every uncommitted change and reset to HEAD? This cannot be undone.</p>
      ${d.error ? html`<div class="error">${d.error}</div>` : ''}
      <button data-action="confirm-reset" class="danger" @click=${this.reset}>Reset</button>
      <button @click=${() => { this.dialog = null; }}>Cancel</button></div>`;
  }

  render() {
    const c = this.commitGate(), r = this.resetGate();
    return html`
      <button data-action="commit" ?disabled=${!c.ok || this.committing}
        title=${c.ok ? 'Stage everything and commit with a generated message' : c.reason}
        @click=${this.startCommit}>${this.committing ? 'Committing…' : 'Commit'}</button>
      <button data-action="reset" ?disabled=${!r.ok} title=${r.ok ? 'Reset to HEAD' : r.reason}
        @click=${() => { this.dialog = { kind: 'reset' }; }}>Reset</button>
      ${this.dialog ? this.renderDialog() : ''}`;
  }
}
customElements.define('ac-commit-actions', AcCommitActions);
