// <ac-copy-diff>: the header's Copy diff (issue 29): the staged changes, the
// unstaged ones, or the working tree against a branch (Repo.get_staged_diff,
// get_unstaged_diff, get_diff_to_branch) to the clipboard as patch text, to
// paste into a review, a ticket or another chat. An empty diff copies
// nothing and says so.
//
//   <ac-copy-diff .gate=${gate}></ac-copy-diff>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, hasMethod, toast } from '../rpc.js';

const KINDS = {
  staged: { method: 'Repo.get_staged_diff', label: 'Staged' },
  unstaged: { method: 'Repo.get_unstaged_diff', label: 'Unstaged' },
  branch: { method: 'Repo.get_diff_to_branch', label: 'Against' },
};

class AcCopyDiff extends LightElement {
  static properties = { gate: {}, open: { state: true }, branches: { state: true }, branch: { state: true } };

  async toggle() {
    this.open = !this.open;
    if (!this.open || !hasMethod('Repo.list_branches')) return;
    try {
      const { branches = [] } = await rpc('Repo.list_branches');
      this.branches = branches.map((b) => b.name);
      if (!this.branches.includes(this.branch)) this.branch = branches.find((b) => !b.is_current)?.name ?? this.branches[0];
    } catch (e) {
      toast(`Branches unavailable: ${e.message}`, 'warn');
    }
  }

  async copy(kind) {
    const what = kind === 'branch' ? `diff against ${this.branch}` : `${kind} diff`;
    this.open = false;
    try {
      const diff = await rpc(KINDS[kind].method, ...(kind === 'branch' ? [this.branch] : []));
      if (!diff) return toast(`The ${what} is empty: nothing copied`, 'warn');
      await navigator.clipboard.writeText(diff);
      toast(`Copied the ${what} (${diff.split('\n').length - 1} lines)`, 'ok');
    } catch (e) {
      toast(`Could not copy the ${what}: ${e.message}`, 'error');
    }
  }

  render() {
    const git = this.gate?.('diff') ?? { ok: false, reason: 'Connecting…' };
    return html`<button data-action="copy-diff" ?disabled=${!git.ok} title=${git.ok ? 'Copy a diff to the clipboard' : git.reason}
        @click=${this.toggle}>Copy diff ▾</button>
      ${this.open ? html`<div class="backdrop" @click=${() => { this.open = false; }}></div>
        <div class="menu copy-diff-menu" role="menu" data-copy-diff-menu>
          <button role="menuitem" data-diff="staged" @click=${() => this.copy('staged')}>Staged changes</button>
          <button role="menuitem" data-diff="unstaged" @click=${() => this.copy('unstaged')}>Unstaged changes</button>
          ${hasMethod(KINDS.branch.method) && this.branches?.length ? html`<div class="diff-branch">
            <select data-diff-branch .value=${this.branch} @change=${(e) => { this.branch = e.target.value; }}>
              ${this.branches.map((b) => html`<option value=${b} ?selected=${b === this.branch}>${b}</option>`)}</select>
            <button role="menuitem" data-diff="branch" @click=${() => this.copy('branch')}>Working tree against it</button></div>` : ''}
        </div>` : ''}`;
  }
}
customElements.define('ac-copy-diff', AcCopyDiff);
