// <ac-chat-input>: the prompt. Enter sends, Shift+Enter breaks the line, Up
// on the first line recalls earlier prompts, pasted images (at most 5, 5 MB
// each) ride along as data URIs, snippets insert canned prompts, and the
// draft survives a reload, and links typed show as <ac-url-chips>. A
// selector beside Send chooses the reasoning effort (off / low / medium /
// high), kept across reloads; above it, Ask or Agent (<ac-agent-mode>).
// Fires "send" {text, images, effort, excludedUrls} and "stop". Issue 29: an
// @word being typed filters the file picker (`file-filter` on the bus, ''
// when it ends); a path middle-clicked in the picker (`insert-path`) is
// inserted at the caret.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, hasMethod, on, emit, toast } from '../rpc.js';
import { atQuery } from '../core/at-filter.js';
import './url-chips.js';
import './agent-mode.js';

const MAX_IMAGES = 5;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const HISTORY_KEY = 'ac-dc-input-history';
const DRAFT_KEY = 'ac-dc-draft';
const REASONING_KEY = 'ac-dc-reasoning';
const EFFORTS = ['off', 'low', 'medium', 'high'];

class AcChatInput extends LightElement {
  static properties = { streaming: {}, disabled: { type: Boolean }, gate: {}, images: { state: true },
    snippets: { state: true }, drawer: { state: true }, effort: { state: true } };

  constructor() {
    super();
    this.images = [];
    this.snippets = [];
    this.history = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]');
    this.recall = -1;
    const saved = localStorage.getItem(REASONING_KEY);
    this.effort = EFFORTS.includes(saved) ? saved : 'off';
  }

  chooseEffort(value) {
    this.effort = value;
    localStorage.setItem(REASONING_KEY, value);
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('connected', () => this.loadSnippets()));
    // Each mode has its own snippets (§3.6).
    this.listen(on('modeChanged', () => this.loadSnippets()));
    this.listen(on('insert-path', (path) => this.insert(path)));
  }

  // Puts `text` at the caret, spaced from its neighbours.
  insert(text) {
    const area = this.area;
    const { selectionStart: a, selectionEnd: b, value } = area;
    const before = value.slice(0, a), after = value.slice(b);
    const piece = `${before && !/\s$/.test(before) ? ' ' : ''}${text}${after && !/^\s/.test(after) ? ' ' : ''}`;
    area.value = before + piece + after;
    area.selectionStart = area.selectionEnd = a + piece.length;
    area.focus();
    this.onText();
  }

  onText() {
    const area = this.area;
    emit('typing');  // a cache warm-up's countdown stops (cache-warmup.js)
    localStorage.setItem(DRAFT_KEY, area.value);
    this.chips?.textChanged(area.value);
    const q = atQuery(area.value, area.selectionStart);
    if (q !== null || this.atFiltering) emit('file-filter', q ?? '');
    this.atFiltering = q !== null;
  }

  firstUpdated() {
    this.area.value = localStorage.getItem(DRAFT_KEY) ?? '';
    this.chips?.textChanged(this.area.value);
  }

  get chips() { return this.querySelector('ac-url-chips'); }

  get area() { return this.querySelector('textarea'); }

  async loadSnippets() {
    const method = ['LLMService.get_snippets', 'Settings.get_snippets'].find(hasMethod);
    if (!method) return;
    try {
      const s = await rpc(method);
      this.snippets = Array.isArray(s) ? s : (s?.code ?? []);
    } catch (e) {
      toast(`Snippets unavailable: ${e.message}`, 'warn');
    }
  }

  // Puts text in the box for the user to review; never sends it. What the
  // user already typed there stays, above it.
  fill(text) {
    const typed = this.area.value.trim();
    if (typed === text.trim()) return;
    this.area.value = typed ? `${this.area.value.trimEnd()}\n\n${text}` : text;
    this.area.focus();
    localStorage.setItem(DRAFT_KEY, this.area.value);
  }

  // A message the server refused comes back as it was sent; what the user
  // typed since stays, below it.
  putBack({ text, images = [] }) {
    const typed = this.area.value;
    this.area.value = typed.trim() ? `${text}\n\n${typed}` : text;
    this.images = [...images, ...this.images].slice(0, MAX_IMAGES);
    this.area.focus();
    localStorage.setItem(DRAFT_KEY, this.area.value);
  }

  // The chat sends a put-back message itself (after the user chose a local
  // model, issue 30): it leaves the box; what the user typed since stays.
  takeBack({ text, images = [] }) {
    const value = this.area.value;
    if (!value.startsWith(text)) return;
    this.area.value = value.slice(text.length).replace(/^\n\n/, '');
    this.images = this.images.filter((src) => !images.includes(src));
    if (this.area.value) localStorage.setItem(DRAFT_KEY, this.area.value);
    else localStorage.removeItem(DRAFT_KEY);
  }

  submit() {
    const text = this.area.value;
    if (!text.trim() || this.streaming) return;
    this.history = [...this.history.filter((h) => h !== text), text].slice(-100);
    localStorage.setItem(HISTORY_KEY, JSON.stringify(this.history));
    this.recall = -1;
    const excludedUrls = this.chips?.beforeSend() ?? [];
    this.dispatchEvent(new CustomEvent('send', { detail: { text, images: this.images, effort: this.effort, excludedUrls } }));
    this.area.value = '';
    this.images = [];
    localStorage.removeItem(DRAFT_KEY);
    if (this.atFiltering) emit('file-filter', '');
    this.atFiltering = false;
  }

  onKey(e) {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); this.submit(); return; }
    const area = this.area;
    const onFirstLine = !area.value.slice(0, area.selectionStart).includes('\n');
    if (e.key === 'ArrowUp' && onFirstLine && this.history.length) {
      e.preventDefault();
      this.recall = this.recall < 0 ? this.history.length - 1 : Math.max(0, this.recall - 1);
      area.value = this.history[this.recall];
    } else if (e.key === 'ArrowDown' && this.recall >= 0) {
      e.preventDefault();
      this.recall++;
      area.value = this.recall < this.history.length ? this.history[this.recall] : '';
      if (this.recall >= this.history.length) this.recall = -1;
    }
  }

  onPaste(e) {
    const files = [...(e.clipboardData?.items ?? [])].filter((i) => i.type.startsWith('image/')).map((i) => i.getAsFile());
    if (!files.length) return;
    e.preventDefault();
    for (const f of files) {
      if (this.images.length >= MAX_IMAGES) { toast(`At most ${MAX_IMAGES} images per message`, 'warn'); break; }
      if (f.size > MAX_IMAGE_BYTES) { toast(`${f.name || 'The image'} is over 5 MB: not attached`, 'warn'); continue; }
      const reader = new FileReader();
      reader.onload = () => { this.images = [...this.images, reader.result]; };
      reader.readAsDataURL(f);
    }
  }

  render() {
    return html`
      ${this.drawer ? html`<div class="snippets" data-snippets>${this.snippets.length ? this.snippets.map((s) =>
        html`<button title=${s.tooltip ?? ''} @click=${() => { this.fill(s.message); this.drawer = false; }}>${s.icon ?? ''} ${s.tooltip ?? s.message.slice(0, 30)}</button>`)
        : html`<span>No snippets configured.</span>`}</div>` : ''}
      ${this.images.length ? html`<div class="images">${this.images.map((src, i) => html`<span class="pasted">
        <img class="thumb" src=${src} alt="pasted image ${i + 1}">
        <button title="Remove" @click=${() => { this.images = this.images.filter((_, j) => j !== i); }}>×</button></span>`)}</div>` : ''}
      <ac-url-chips .gate=${this.gate}></ac-url-chips>
      <div class="input-row">
        <button class="icon" title="Snippets" @click=${() => { this.drawer = !this.drawer; if (this.drawer) this.loadSnippets(); }}>✎</button>
        <textarea rows="3" placeholder=${this.disabled ? 'Chat is unavailable' : 'Ask, or describe a change (Enter sends, Shift+Enter new line)'}
          ?disabled=${this.disabled} @keydown=${this.onKey} @paste=${this.onPaste}
          @input=${() => this.onText()}></textarea>
        <div class="turn-options">
          <ac-agent-mode></ac-agent-mode>
          <select class="reasoning" data-reasoning title="Reasoning: how long the model thinks before it answers"
            .value=${this.effort} @change=${(e) => this.chooseEffort(e.target.value)}>
            ${EFFORTS.map((v) => html`<option value=${v} ?selected=${v === this.effort}>${v === 'off' ? 'no reasoning' : `reason: ${v}`}</option>`)}
          </select>
        </div>
        ${this.streaming
          ? html`<button class="stop" data-action="stop" @click=${() => this.dispatchEvent(new CustomEvent('stop'))}>Stop</button>`
          : html`<button class="send" data-action="send" ?disabled=${this.disabled} @click=${this.submit}>Send</button>`}
      </div>`;
  }
}
customElements.define('ac-chat-input', AcChatInput);
