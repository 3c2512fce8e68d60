// The file viewer's symbol features, from the symbol-index plugin through
// LLMService's lsp_* methods (coordinates 1-based both ways):
//   - hover: the mouse resting ~300 ms on a name shows its signature and
//     where it is defined (lsp_get_hover's markdown);
//   - Ctrl/Cmd+click: opens the definition at its line (not F12: that key
//     opens the browser's developer tools, which a page cannot stop);
//   - Shift+F12, or the References button: lists the uses of the name at the
//     caret, each a link to its line.
// The mouse position becomes (line, col) by the monospace grid of the
// textarea (core/text-grid.js): Chromium's caretRangeFromPoint does not see
// into a textarea. The server reads the name from the file on disk, so over
// unsaved text a query may name what the saved file has there.
// Without the plugin nothing is asked; an action the user takes says why in
// one inline note, as does a failed query (the index still being built).
//
//   this.lsp = new ViewerLsp(this);      // in the viewer's constructor
//   <textarea @mousemove=${(e) => this.lsp.onMouseMove(e)} ...>
//   ${this.lsp.renderHover()} ${this.lsp.renderReferences()}

import { html } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { positionAt, cellOf, wordAt, lineColOf } from '../core/text-grid.js';
import { renderMarkdown } from '../core/markdown.js';
import { rpc, hasMethod, emit } from '../rpc.js';

const HOVER_MS = 300;
const MAX_REF_FILES = 20;   // files whose lines the list quotes

function sameName(a, b) {
  return !!a && !!b && a.line === b.line && a.start === b.start;
}

export class ViewerLsp {
  constructor(host) {
    this.host = host;           // the viewer: shownPath, gate, and its textarea
    this.hover = null;          // {word, html, x, y}
    this.refs = null;           // {word, items:[{file, range}]}
    this.hovering = null;       // the name the hover is (being) shown for
    this.note = '';
    this.serials = {};          // method -> its newest query; older answers are dropped
    host.addController(this);
  }

  hostDisconnected() { clearTimeout(this.timer); }

  // A tooltip near the right edge moves left until it fits.
  hostUpdated() {
    const tip = this.hover && this.host.querySelector('[data-hover]');
    const over = tip ? tip.getBoundingClientRect().right - (innerWidth - 8) : 0;
    if (over > 0) tip.style.left = `${Math.max(8, this.hover.x - over)}px`;
  }

  get gate() { return this.host.gate?.('lsp') ?? { ok: false, reason: '' }; }

  get area() { return this.host.querySelector('.editor textarea'); }

  // The textarea's grid, measured from its computed style.
  metrics(area) {
    const cs = getComputedStyle(area);
    const ctx = (this.canvas ??= document.createElement('canvas')).getContext('2d');
    ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
    return { charWidth: ctx.measureText('0'.repeat(64)).width / 64, lineHeight: parseFloat(cs.lineHeight),
      left: parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft), top: parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop),
      tabSize: Number(cs.tabSize) || 8 };
  }

  // The name under a client point: {word, line, start, end} or null.
  nameAt(clientX, clientY) {
    const area = this.area;
    if (!area) return null;
    const m = this.metrics(area), r = area.getBoundingClientRect();
    const x = clientX - r.left - m.left + area.scrollLeft, y = clientY - r.top - m.top + area.scrollTop;
    if (x < 0 || y < 0) return null;
    const pos = positionAt(area.value, Math.floor(y / m.lineHeight), Math.floor(x / m.charWidth), m.tabSize);
    return pos && wordAt(area.value, pos.line, pos.col);
  }

  // The client point of the top-left of (line, col): where a tooltip goes.
  pointOf(line, col) {
    const area = this.area, m = this.metrics(area), r = area.getBoundingClientRect();
    return { x: r.left + m.left - area.scrollLeft + cellOf(area.value, line, col, m.tabSize) * m.charWidth,
      y: r.top + m.top - area.scrollTop + (line - 1) * m.lineHeight };
  }

  nameAtCaret() {
    const area = this.area;
    if (!area) return null;
    const { line, col } = lineColOf(area.value, area.selectionStart);
    // A caret just after a name counts as on it, as in editors.
    return wordAt(area.value, line, col) ?? wordAt(area.value, line, col - 1);
  }

  // Moving within a name keeps its hover (or its pending query); moving off
  // it hides the hover, and resting on another name asks for that one.
  onMouseMove(e) {
    const name = this.nameAt(e.clientX, e.clientY);
    this.area?.classList.toggle('link-cursor', (e.ctrlKey || e.metaKey) && !!name);
    if (!this.gate.ok || sameName(name, this.hovering)) return;
    this.hideHover();
    if (name) this.timer = setTimeout(() => this.showHover(name), HOVER_MS);
  }

  onMouseLeave() {
    this.hideHover();
  }

  onClick(e) {
    if (!(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    this.goToDefinition(this.nameAt(e.clientX, e.clientY));
  }

  onKey(e) {
    if (e.key === 'Escape' && (this.hover || this.refs)) { this.hideHover(); this.refs = null; this.host.requestUpdate(); }
    else if (e.key === 'F12' && e.shiftKey) { e.preventDefault(); this.findReferences(this.nameAtCaret()); }
  }

  // Also drops a hover still being asked for.
  hideHover() {
    clearTimeout(this.timer);
    this.hovering = null;
    if (!this.hover) return;
    this.hover = null;
    this.host.requestUpdate();
  }

  // undefined when the query failed (the note says why) or was overtaken by
  // a newer one of its kind, else its answer.
  async ask(method, name) {
    if (!this.gate.ok) return this.say(this.gate.reason);
    const serial = this.serials[method] = (this.serials[method] ?? 0) + 1, path = this.host.shownPath;
    const newest = () => serial === this.serials[method] && path === this.host.shownPath;
    try {
      const answer = await rpc(method, path, name.line, name.start);
      if (!newest()) return undefined;
      this.say('');
      return answer;
    } catch (e) {
      if (newest()) this.say(e.message);
      return undefined;
    }
  }

  say(note) {
    if (this.note !== note) { this.note = note; this.host.requestUpdate(); }
    return undefined;
  }

  async showHover(name) {
    this.hovering = name;
    const h = await this.ask('LLMService.lsp_get_hover', name);
    if (this.hovering !== name || !h?.contents?.length) return;
    const at = this.pointOf(name.line, name.start);
    this.hover = { word: name.word, html: renderMarkdown(h.contents.join('\n\n')), x: at.x, y: at.y + 20 };
    this.host.requestUpdate();
  }

  async goToDefinition(name) {
    if (!name) return;
    const d = await this.ask('LLMService.lsp_get_definition', name);
    if (d === null) this.say(`No definition of ${name.word} in the symbol index`);
    if (!d) return;
    this.hideHover();
    emit('open-file', { path: d.file, line: d.range.startLineNumber });
  }

  async findReferences(name) {
    if (!name) return this.say(this.gate.ok ? 'Put the caret on a name to list its references' : this.gate.reason);
    const items = await this.ask('LLMService.lsp_get_references', name);
    if (items === undefined) return;
    this.refs = { word: name.word, items: items ?? [], lines: new Map() };
    this.host.requestUpdate();
    this.quoteLines(this.refs);
  }

  // Each reference's line of code, read once per file.
  async quoteLines(refs) {
    if (!hasMethod('Repo.get_file_content')) return;
    const files = [...new Set(refs.items.map((x) => x.file))].slice(0, MAX_REF_FILES);
    await Promise.all(files.map(async (f) => {
      try {
        refs.lines.set(f, (await rpc('Repo.get_file_content', f)).split('\n'));
      } catch {
        // the link still works; only the quote is missing
      }
    }));
    if (refs === this.refs) this.host.requestUpdate();
  }

  renderButton() {
    const g = this.gate;
    return html`<button data-action="references" ?disabled=${!g.ok}
      title=${g.ok ? 'References to the name at the caret (Shift+F12); Ctrl+click on a name opens its definition' : g.reason}
      @click=${() => this.findReferences(this.nameAtCaret())}>References</button>`;
  }

  renderNote() {
    return this.note ? html`<div class="lsp-note" data-lsp-note>${this.note}</div>` : '';
  }

  renderHover() {
    const h = this.hover;
    return h ? html`<div class="lsp-hover md" data-hover style="left:${h.x}px;top:${h.y}px">${unsafeHTML(h.html)}</div>` : '';
  }

  renderReferences() {
    const r = this.refs;
    if (!r) return '';
    const where = (x) => `${x.file}:${x.range.startLineNumber}`;
    return html`<div class="lsp-refs" data-references>
      <div class="lsp-refs-head"><b>${r.items.length} ${r.items.length === 1 ? 'reference' : 'references'} to ${r.word}</b>
        <button @click=${() => { this.refs = null; this.host.requestUpdate(); }}>Close</button></div>
      ${r.items.map((x) => html`<button class="link" data-ref=${where(x)}
        @click=${() => emit('open-file', { path: x.file, line: x.range.startLineNumber })}>
        <span class="ref-where">${where(x)}:${x.range.startColumn}</span>
        <code>${r.lines.get(x.file)?.[x.range.startLineNumber - 1]?.trim() ?? ''}</code></button>`)}
    </div>`;
  }
}
