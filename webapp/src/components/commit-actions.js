// <ac-commit-actions>: Commit (stage all, a generated message the user can
// edit, commit, a toast with the new sha) and Reset to HEAD (after an inline
// confirmation). Uses the llm plugin for the message and the repo plugin for
// git; when either is missing the button says why it is disabled.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, emit, toast } from '../rpc.js';

class AcCommitActions extends LightElement {
  static properties = { gate: {}, dialog: { state: true }, busy: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('commitResult', (r) => this.onResult(r)));
  }

  // Committing needs git (repo plugin) and a generated message (llm plugin).
  commitGate() {
    if (!this.gate) return { ok: false, reason: 'Connecting…' };
    const git = this.gate('git');
    return git.ok ? this.gate('commit') : git;
  }

  resetGate() {
    return this.gate?.('reset') ?? { ok: false, reason: 'Connecting…' };
  }

  async startCommit() {
    this.busy = true;
    try {
      await rpc('Repo.stage_all');
      this.dialog = { kind: 'commit', message: '', generating: true };
      const generated = await rpc('LLMService.generate_commit_message');
      this.dialog = { kind: 'commit', message: typeof generated === 'string' ? generated : generated?.message ?? '' };
    } catch (e) {
      this.dialog = this.dialog ? { ...this.dialog, generating: false, error: e.message } : null;
      if (!this.dialog) toast(`Commit failed: ${e.message}`, 'error');
    } finally {
      this.busy = false;
      emit('tree-changed');
    }
  }

  async commit() {
    const message = this.querySelector('textarea.commit-msg').value.trim();
    if (!message) { this.dialog = { ...this.dialog, error: 'The commit message is empty: write one or regenerate it.' }; return; }
    try {
      const r = await rpc('Repo.commit', message);
      this.dialog = null;
      this.onResult({ sha: r.sha, short_sha: r.short_sha ?? r.sha?.slice(0, 7), message });
    } catch (e) {
      this.dialog = { ...this.dialog, message, error: e.message };
    }
  }

  onResult(r) {
    if (r?.error) toast(`Commit failed: ${r.error}`, 'error');
    else toast(`Committed ${r.short_sha ?? ''}: ${String(r.message ?? '').split('\n')[0]}`, 'ok');
    emit('tree-changed');
  }

  async reset() {
    try {
      await rpc('Repo.reset_hard');
      toast('Reset to HEAD: uncommitted changes discarded', 'ok');
      this.dialog = null;
      emit('tree-changed');
    } catch (e) {
      this.dialog = { ...this.dialog, error: e.message };
    }
  }

  renderDialog() {
    const d = this.dialog;
    if (d.kind === 'reset') return html`<div class="dialog small" role="dialog" aria-label="Reset">
      <p>Discard every uncommitted change and reset to HEAD? This cannot be undone.</p>
      ${d.error ? html`<div class="error">${d.error}</div>` : ''}
      <button data-action="confirm-reset" class="danger" @click=${this.reset}>Reset</button>
      <button @click=${() => { this.dialog = null; }}>Cancel</button></div>`;
    return html`<div class="dialog small" role="dialog" aria-label="Commit">
      <b>Commit all changes</b>
      <textarea class="commit-msg" rows="6" .value=${d.message}
        placeholder=${d.generating ? 'Generating a message…' : 'Commit message'}></textarea>
      ${d.error ? html`<div class="error">${d.error}</div>` : ''}
      <button data-action="confirm-commit" ?disabled=${d.generating} @click=${this.commit}>Commit</button>
      <button @click=${() => { this.dialog = null; }}>Cancel</button></div>`;
  }

  render() {
    const c = this.commitGate(), r = this.resetGate();
    return html`
      <button data-action="commit" ?disabled=${!c.ok || this.busy} title=${c.ok ? 'Stage all and commit' : c.reason}
        @click=${this.startCommit}>Commit</button>
      <button data-action="reset" ?disabled=${!r.ok} title=${r.ok ? 'Reset to HEAD' : r.reason}
        @click=${() => { this.dialog = { kind: 'reset' }; }}>Reset</button>
      ${this.dialog ? this.renderDialog() : ''}`;
  }
}
customElements.define('ac-commit-actions', AcCommitActions);
