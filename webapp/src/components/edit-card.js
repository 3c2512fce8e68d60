// <ac-edit-card>: one edit block of an answer: its file, a status badge from
// the turn's edit results, and a line diff with word-level highlights inside
// changed line pairs.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { diffLines, sideBySide } from '../core/diff.js';
import { emit } from '../rpc.js';

const LABELS = { applied: 'applied', already_applied: 'already applied', validated: 'validated', failed: 'failed',
  skipped: 'skipped', not_in_context: 'not in context', pending: 'pending', streaming: 'writing…',
  history: 'from history', cut_off: 'not applied: the answer was cut off' };

function words(parts, keep) {
  return parts.filter((p) => p.op === 'eq' || p.op === keep)
    .map((p) => (p.op === 'eq' ? p.text : html`<mark class="w-${p.op}">${p.text}</mark>`));
}

export function renderDiffRows(rows) {
  const out = [];
  for (const r of rows) {
    if (r.left?.op === 'eq') { out.push(html`<div class="dl eq"><span class="sign"> </span>${r.left.text}</div>`); continue; }
    if (r.left) out.push(html`<div class="dl del"><span class="sign">-</span>${r.words ? words(r.words, 'del') : r.left.text}</div>`);
    if (r.right) out.push(html`<div class="dl add"><span class="sign">+</span>${r.words ? words(r.words, 'add') : r.right.text}</div>`);
  }
  return out;
}

class AcEditCard extends LightElement {
  static properties = { block: {}, result: {}, historic: { type: Boolean } };

  render() {
    const b = this.block, r = this.result;
    // A card restored from history has no result of this page's: it says so.
    const status = r?.status ?? (this.historic ? 'history' : b.complete ? 'pending' : 'streaming');
    const rows = sideBySide(diffLines(b.oldText, b.newText));
    return html`<div class="edit-card s-${status}" data-edit-file=${b.file} data-status=${status}>
      <div class="edit-head">
        <a class="edit-file" href="#" @click=${(e) => { e.preventDefault(); emit('open-file', { path: b.file, text: b.newText }); }}>${b.file}</a>
        ${b.isCreate ? html`<span class="tag">new file</span>` : ''}
        <span class="status">${LABELS[status] ?? status}</span>
      </div>
      ${r?.message && status !== 'applied' ? html`<div class="edit-msg">${r.message}</div>` : ''}
      <div class="diff">${renderDiffRows(rows)}</div>
    </div>`;
  }
}
customElements.define('ac-edit-card', AcEditCard);
