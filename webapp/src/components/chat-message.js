// <ac-chat-message>: one message card. Assistant text is markdown (blocks
// cached while streaming), edit blocks become <ac-edit-card>s matched to the
// turn's edit results in order, and a finished turn shows its edit summary,
// finish reason and token usage. An answer cut off midway (issue 16) keeps its
// text, is marked "Cut off: <error>", its edit cards say they were not
// applied, and, when `retryable`, it has a Retry button that fires "retry".
// A system event (a compaction, a commit) folds its <details> part. The
// model's thinking, when it reasoned, sits above the answer in a collapsed
// <details data-thinking>. Issue 29: a failed turn is an <ac-error-card> by
// its kind; repository paths the answer names are links that open the file,
// listed under it in <ac-file-mentions> with Add All; the shell commands the
// server found are shown with Copy, and with Run when the exec plugin is
// loaded (issue 39: <ac-shell-commands>); the foot gives tokens, cache
// hit and cost (core/turn-usage.js); an answer whose edits the server can
// still take back has "Undo these edits" beside its edit summary, which fires
// "undo" (the panel calls the server), and says why when it was refused.
// Issue 30: a refusal for a missing key carries <ac-local-model-offer> when
// an Ollama server answers (it asks). An Agent answer shows its tool calls
// above its text (<ac-agent-steps>) and, when a limit stopped the turn, a
// line naming it. While a local model loads, the answer's place says so
// (data-stream-status) until its first words arrive.

import { html, nothing } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { LightElement } from './light-element.js';
import { segmentAnswer } from '../core/edit-blocks.js';
import { renderBlocks, escapeHtml } from '../core/markdown.js';
import { toast } from '../rpc.js';
import { eventParts } from '../core/chat-messages.js';
import { editSummary, usageParts } from '../core/turn-usage.js';
import { findMentions, mentionedFiles } from '../core/file-mentions.js';
import { stoppedLine } from '../core/agent-steps.js';
import { emit } from '../rpc.js';
import './edit-card.js';
import './error-card.js';
import './file-mentions.js';
import './local-model-offer.js';
import './agent-steps.js';
import './shell-commands.js';

class AcChatMessage extends LightElement {
  // files: the repository's paths (a Set); selected: the paths in context;
  // canRun: the exec plugin can run a suggested shell command.
  static properties = { message: {}, content: {}, retryable: { type: Boolean }, files: {}, selected: {}, canRun: { type: Boolean } };

  onClick(e) {
    const link = e.target.closest('[data-file-link]');
    if (link) {
      e.preventDefault();
      emit('open-file', { path: link.dataset.fileLink });
      return;
    }
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

  thinkingBlock(m) {
    const words = m.thinking.trim().split(/\s+/).length;
    return html`<details class="thinking" data-thinking>
      <summary>${m.streaming && !m.content ? 'Thinking…' : `Thought (${words} words)`}</summary>
      <div class="md">${unsafeHTML(renderBlocks(m.thinking).join(''))}</div></details>`;
  }

  cutOffMark(m) {
    return html`<div class="cut-off" data-cut-off>Cut off: ${m.cutOffError || 'the answer stopped before its end'}
      ${this.retryable ? html`<button data-action="retry" title="Send the question again"
        @click=${() => this.dispatchEvent(new CustomEvent('retry', { bubbles: true }))}>Retry</button>` : ''}</div>`;
  }

  get linkable() {
    const m = this.message;
    return m.role === 'assistant' && !m.streaming && this.files?.size > 0;
  }

  // Paths in the answer's prose and inline code become links; code blocks
  // stay as written. The markdown is HTML from a cache (unsafeHTML), so the
  // links are put into its text nodes once per block text and file list (a
  // block element is reused for another message after a session load).
  updated() {
    if (!this.linkable) return;
    const isFile = (p) => this.files.has(p);
    for (const md of this.querySelectorAll('.msg > .md')) {
      if (md.linkedFor === this.files && md.linkedText === md.textContent) continue;
      md.linkedFor = this.files;
      md.linkedText = md.textContent;
      const walker = document.createTreeWalker(md, NodeFilter.SHOW_TEXT,
        { acceptNode: (n) => (n.parentElement.closest('pre, a') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
      const texts = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
      for (const node of texts) linkText(node, findMentions(node.data, isFile));
    }
  }

  render() {
    const m = this.message, r = m.result;
    const text = this.content ?? m.content ?? '';
    const body = m.error ? html`<ac-error-card .error=${m.error} ?retryable=${this.retryable}></ac-error-card>`
      : m.role === 'assistant' ? this.renderAssistant(text, r, !m.streaming && !r, m.cutOff)
      : m.role === 'user' ? html`<div class="md">${unsafeHTML(escapeHtml(text).replace(/\n/g, '<br>'))}</div>`
      : this.renderSystem(text);
    const kind = [m.streaming && 'streaming', m.systemEvent && 'system-event', m.notice && `notice notice-${m.notice}`,
      m.cutOff && 'cut-off-answer', m.compacting && 'compacting'].filter(Boolean).join(' ');
    return html`<div class="msg ${m.role} ${kind}" data-role=${m.role} data-request=${m.requestId ?? ''}
        data-system-event=${m.systemEvent ? 'yes' : nothing} data-notice=${m.notice ?? nothing} @click=${this.onClick}>
      ${this.editRow(m, r)}
      ${m.thinking ? this.thinkingBlock(m) : ''}
      ${m.steps?.length ? html`<ac-agent-steps .steps=${m.steps}></ac-agent-steps>` : ''}
      ${m.streaming && m.status && !text ? html`<div class="stream-status" data-stream-status>${m.status}</div>` : ''}
      ${body}
      ${m.stoppedBy ? html`<div class="agent-stopped" data-agent-stopped=${m.stoppedBy}>${stoppedLine(m.stoppedBy)}</div>` : ''}
      ${m.localOffer ? html`<ac-local-model-offer></ac-local-model-offer>` : ''}
      ${(m.images ?? []).map((src) => html`<img class="thumb" src=${src} alt="attached image">`)}
      ${m.cutOff ? this.cutOffMark(m) : ''}
      ${r?.shell_commands?.length ? html`<ac-shell-commands .commands=${r.shell_commands} .canRun=${this.canRun}></ac-shell-commands>` : ''}
      ${this.linkable && !m.error ? this.mentions(text) : ''}
      ${r ? this.foot(r) : ''}
    </div>`;
  }

  // The summary stays text alone (data-edit-summary); Undo and what came of
  // it sit beside it.
  editRow(m, r) {
    const summary = r ? editSummary(r) : '';
    const undo = m.undoable && !m.streaming;
    if (!summary && !undo && !m.undone && !m.undoError) return '';
    return html`<div class="edit-row">
      ${summary ? html`<span class="edit-summary" data-edit-summary>Edits: ${summary}</span>` : ''}
      ${m.undone ? html`<span class="undone" data-undone>edits undone</span>` : ''}
      ${undo ? html`<button data-action="undo" ?disabled=${m.undoing}
        title="Put the files this answer changed back as they were before it"
        @click=${() => this.dispatchEvent(new CustomEvent('undo', { bubbles: true }))}>${m.undoing ? 'Undoing…' : 'Undo these edits'}</button>` : ''}
    </div>
    ${m.undoError ? html`<div class="undo-error" data-undo-error>Not undone: ${m.undoError}</div>` : ''}`;
  }

  mentions(text) {
    const paths = mentionedFiles(text, (p) => this.files.has(p));
    return paths.length ? html`<ac-file-mentions .paths=${paths} .selected=${this.selected}></ac-file-mentions>` : '';
  }

  foot(r) {
    const finish = r.cancelled ? 'stopped' : r.finish_reason && r.finish_reason !== 'stop' && !r.error ? r.finish_reason : '';
    const usage = usageParts(r.token_usage);
    if (!finish && !usage.length) return '';
    return html`<div class="turn-foot">${finish ? html`<span class="badge-finish">${finish}</span>` : ''}
      <span class="usage" data-usage>${usage.join(' · ')}</span></div>`;
  }
}
customElements.define('ac-chat-message', AcChatMessage);

// Splits a text node around its mentions, each an <a data-file-link>.
function linkText(node, mentions) {
  if (!mentions.length) return;
  const out = document.createDocumentFragment();
  let at = 0;
  for (const { start, end, path } of mentions) {
    out.append(node.data.slice(at, start));
    const a = document.createElement('a');
    a.href = '#';
    a.className = 'file-link';
    a.dataset.fileLink = path;
    a.title = `Open ${path}`;
    a.textContent = node.data.slice(start, end);
    out.append(a);
    at = end;
  }
  out.append(node.data.slice(at));
  node.replaceWith(out);
}
