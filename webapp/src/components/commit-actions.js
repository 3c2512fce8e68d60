// <ac-commit-actions>: Commit (LLMService.commit_all: stage all, a message
// from the smaller model, commit; the result arrives as AcApp.commitResult)
// and Reset to HEAD (LLMService.reset_to_head, after an inline
// confirmation). Both go through the llm plugin so the conversation, and
// the model, learn of them; when a plugin is missing the button says why.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, emit, toast } from '../rpc.js';

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
    this.committing = true;
    try {
      await rpc('LLMService.commit_all');
      toast('Committing: writing a message for the staged changes…', 'info');
    } catch (e) {
      this.committing = false;
      toast(`Commit failed: ${e.message}`, 'error');
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

  renderDialog() {
    const d = this.dialog;
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
