// <ac-chat-message>: one message card. Assistant text is markdown (blocks
// cached while streaming), edit blocks become <ac-edit-card>s matched to the
// turn's edit results in order, and a finished turn shows its edit summary,
// finish reason and token usage. An answer cut off midway (issue 16) keeps its
// text, is marked "Cut off: <error>", its edit cards say they were not
// applied, and, when `retryable`, it has a Retry button that fires "retry".
// A system event (a compaction, a commit) folds its <details> part.

import { html, nothing } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { LightElement } from './light-element.js';
import { segmentAnswer } from '../core/edit-blocks.js';
import { renderBlocks, escapeHtml } from '../core/markdown.js';
import { toast } from '../rpc.js';
import { eventParts } from '../core/chat-messages.js';
import './edit-card.js';

function summary(r) {
  const parts = [['passed', 'applied'], ['already_applied', 'already applied'], ['failed', 'failed'],
    ['skipped', 'skipped'], ['not_in_context', 'not in context']]
    .filter(([k]) => r[k]).map(([k, label]) => `${r[k]} ${label}`);
  return parts.join(' · ');
}

function usage(u) {
  if (!u) return '';
  const bits = [`in ${u.prompt_tokens ?? 0}`, `out ${u.completion_tokens ?? 0}`];
  if (u.cache_read_tokens) bits.push(`cache read ${u.cache_read_tokens}`);
  if (u.cache_write_tokens) bits.push(`cache write ${u.cache_write_tokens}`);
  if (u.cost_usd != null) bits.push(`$${Number(u.cost_usd).toFixed(4)}`);
  return bits.join(' · ');
}

class AcChatMessage extends LightElement {
  static properties = { message: {}, content: {}, retryable: { type: Boolean } };

  copy(e) {
    const button = e.target.closest('[data-copy]');
    if (!button) return;
    navigator.clipboard?.writeText(button.parentElement.querySelector('code').textContent)
      .then(() => toast('Copied', 'ok'), () => toast('The browser refused the clipboard', 'error'));
  }

  renderAssistant(text, result, historic, cutOff) {
    const results = [...(result?.edit_results ?? [])];
    const resultOf = (s) => (cutOff ? { status: 'cut_off' } : s.complete ? results.shift() : undefined);
    return segmentAnswer(text).map((s) => s.kind === 'text'
      ? renderBlocks(s.text).map((h) => html`<div class="md">${unsafeHTML(h)}</div>`)
      : html`<ac-edit-card .block=${s} ?historic=${historic} .result=${resultOf(s)}></ac-edit-card>`);
  }

  renderSystem(text) {
    return eventParts(text).map((p) => (p.kind === 'text'
      ? html`<div class="md">${unsafeHTML(renderBlocks(p.text).join(''))}</div>`
      : html`<details><summary>${p.summary}</summary><div class="md">${unsafeHTML(renderBlocks(p.text).join(''))}</div></details>`));
  }

  cutOffMark(m) {
    return html`<div class="cut-off" data-cut-off>Cut off: ${m.cutOffError || 'the answer stopped before its end'}
      ${this.retryable ? html`<button data-action="retry" title="Send the question again"
        @click=${() => this.dispatchEvent(new CustomEvent('retry', { bubbles: true }))}>Retry</button>` : ''}</div>`;
  }

  render() {
    const m = this.message, r = m.result;
    const text = this.content ?? m.content ?? '';
    const body = m.role === 'assistant' ? this.renderAssistant(text, r, !m.streaming && !r, m.cutOff)
      : m.role === 'user' ? html`<div class="md">${unsafeHTML(escapeHtml(text).replace(/\n/g, '<br>'))}</div>`
      : this.renderSystem(text);
    const kind = [m.streaming && 'streaming', m.systemEvent && 'system-event', m.notice && `notice notice-${m.notice}`,
      m.cutOff && 'cut-off-answer', m.compacting && 'compacting'].filter(Boolean).join(' ');
    return html`<div class="msg ${m.role} ${kind}" data-role=${m.role} data-request=${m.requestId ?? ''}
        data-system-event=${m.systemEvent ? 'yes' : nothing} data-notice=${m.notice ?? nothing} @click=${this.copy}>
      ${r && summary(r) ? html`<div class="edit-summary" data-edit-summary>Edits: ${summary(r)}</div>` : ''}
      ${body}
      ${(m.images ?? []).map((src) => html`<img class="thumb" src=${src} alt="attached image">`)}
      ${m.cutOff ? this.cutOffMark(m) : ''}
      ${r ? html`<div class="turn-foot">
        ${r.cancelled ? html`<span class="badge-finish">stopped</span>` : r.finish_reason && r.finish_reason !== 'stop' ? html`<span class="badge-finish">${r.finish_reason}</span>` : ''}
        <span class="usage" data-usage>${usage(r.token_usage)}</span></div>` : ''}
    </div>`;
  }
}
customElements.define('ac-chat-message', AcChatMessage);
