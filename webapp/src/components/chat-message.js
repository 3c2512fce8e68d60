// <ac-chat-message>: one message card. Assistant text is markdown (blocks
// cached while streaming), edit blocks become <ac-edit-card>s matched to the
// turn's edit results in order, and a finished turn shows its edit summary,
// finish reason and token usage.

import { html } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { LightElement } from './light-element.js';
import { segmentAnswer } from '../core/edit-blocks.js';
import { renderBlocks, escapeHtml } from '../core/markdown.js';
import { toast } from '../rpc.js';
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
  static properties = { message: {}, content: {} };

  copy(e) {
    const button = e.target.closest('[data-copy]');
    if (!button) return;
    navigator.clipboard?.writeText(button.parentElement.querySelector('code').textContent)
      .then(() => toast('Copied', 'ok'), () => toast('The browser refused the clipboard', 'error'));
  }

  renderAssistant(text, result, historic) {
    const results = [...(result?.edit_results ?? [])];
    return segmentAnswer(text).map((s) => s.kind === 'text'
      ? renderBlocks(s.text).map((h) => html`<div class="md">${unsafeHTML(h)}</div>`)
      : html`<ac-edit-card .block=${s} ?historic=${historic} .result=${s.complete ? results.shift() : undefined}></ac-edit-card>`);
  }

  render() {
    const m = this.message, r = m.result;
    const text = this.content ?? m.content ?? '';
    const body = m.role === 'assistant' ? this.renderAssistant(text, r, !m.streaming && !r)
      : m.role === 'user' ? html`<div class="md">${unsafeHTML(escapeHtml(text).replace(/\n/g, '<br>'))}</div>`
      : html`<div class="md">${unsafeHTML(renderBlocks(text).join(''))}</div>`;
    return html`<div class="msg ${m.role} ${m.streaming ? 'streaming' : ''}" data-role=${m.role}
        data-request=${m.requestId ?? ''} @click=${this.copy}>
      ${r && summary(r) ? html`<div class="edit-summary" data-edit-summary>Edits: ${summary(r)}</div>` : ''}
      ${body}
      ${(m.images ?? []).map((src) => html`<img class="thumb" src=${src} alt="attached image">`)}
      ${r ? html`<div class="turn-foot">
        ${r.cancelled ? html`<span class="badge-finish">stopped</span>` : r.finish_reason && r.finish_reason !== 'stop' ? html`<span class="badge-finish">${r.finish_reason}</span>` : ''}
        <span class="usage" data-usage>${usage(r.token_usage)}</span></div>` : ''}
    </div>`;
  }
}
customElements.define('ac-chat-message', AcChatMessage);
