// The editor's symbol features, from the symbol-index plugin through
// LLMService's lsp_* methods (coordinates 1-based both ways), as CodeMirror
// extensions of the working copy's pane:
//   - hover: the mouse resting ~300 ms on a name shows its signature and
//     where it is defined (lsp_get_hover's markdown, in a CodeMirror tooltip);
//   - Ctrl/Cmd+click: opens the definition at its line (not F12: that key
//     opens the browser's developer tools, which a page cannot stop);
//   - Shift+F12, or the References button: lists the uses of the name at the
//     caret below the editor, each a link to its line;
//   - completions as you type (lsp_get_completions, @codemirror/autocomplete).
// The server reads names from the file on disk, so over unsaved text a hover
// or a jump names what the saved file has there; completions send the typed
// prefix, so they follow the text on screen.
// Without the plugin nothing is asked; an action the user takes says why in
// one inline note, as does a failed query (the index still being built).
//
//   this.lsp = new EditorLsp(this);      // in the editor element's constructor
//   mountEditor(el, { ..., extensions: [this.lsp.extensions()] });
//   ${this.lsp.renderButton()} ${this.lsp.renderNote()} ${this.lsp.renderReferences()}

import { html } from 'lit';
import { EditorView, hoverTooltip, keymap } from '@codemirror/view';
import { autocompletion } from '@codemirror/autocomplete';
import { renderMarkdown } from '../core/markdown.js';
import { completionResult, IDENTIFIER_TAIL } from '../core/completions.js';
import { rpc, hasMethod, emit } from '../rpc.js';

const HOVER_MS = 300;
const MAX_REF_FILES = 20;   // files whose lines the list quotes

// The name around a document position: {word, line, start, from, to}, line
// and start 1-based as the index wants them, or null.
function nameAt(state, pos) {
  const range = pos === null ? null : state.wordAt(pos);
  if (!range) return null;
  const line = state.doc.lineAt(range.from);
  return { word: state.sliceDoc(range.from, range.to), line: line.number, start: range.from - line.from + 1, ...range };
}

// A caret just after a name counts as on it, as in editors.
function nameAtCaret(view) {
  const head = view?.state.selection.main.head;
  return view ? nameAt(view.state, head) ?? (head > 0 ? nameAt(view.state, head - 1) : null) : null;
}

export class EditorLsp {
  constructor(host) {
    this.host = host;           // the editor element: shownPath, gate, view
    this.refs = null;           // {word, items:[{file, range}], lines}
    this.note = '';
    this.serials = {};          // method -> its newest query; older answers are dropped
    host.addController(this);
  }

  get gate() { return this.host.gate?.('lsp') ?? { ok: false, reason: '' }; }

  extensions() {
    return [
      hoverTooltip((view, pos) => this.hover(view, pos), { hoverTime: HOVER_MS }),
      EditorView.domEventHandlers({
        mousedown: (e, view) => this.onMouseDown(e, view),
        mousemove: (e, view) => { view.contentDOM.classList.toggle('link-cursor', e.ctrlKey || e.metaKey); },
      }),
      keymap.of([{ key: 'Shift-F12', preventDefault: true, run: (view) => { this.findReferences(nameAtCaret(view)); return true; } },
        { key: 'Escape', run: () => this.closeReferences() }]),
      autocompletion({ override: [(context) => this.complete(context)] }),
    ];
  }

  // undefined when the query failed (the note says why, unless `quiet`) or
  // was overtaken by a newer one of its kind, else its answer.
  async ask(method, args, { quiet = false } = {}) {
    if (!this.gate.ok) return quiet ? undefined : this.say(this.gate.reason);
    const serial = this.serials[method] = (this.serials[method] ?? 0) + 1, path = this.host.shownPath;
    const newest = () => serial === this.serials[method] && path === this.host.shownPath;
    try {
      const answer = await rpc(method, path, ...args);
      if (!newest()) return undefined;
      if (!quiet) this.say('');
      return answer;
    } catch (e) {
      if (newest() && !quiet) this.say(e.message);
      return undefined;
    }
  }

  say(note) {
    if (this.note !== note) { this.note = note; this.host.requestUpdate(); }
    return undefined;
  }

  async hover(view, pos) {
    const name = this.gate.ok ? nameAt(view.state, pos) : null;
    if (!name) return null;
    const h = await this.ask('LLMService.lsp_get_hover', [name.line, name.start]);
    if (!h?.contents?.length) return null;
    return { pos: name.from, end: name.to, above: false, create: () => {
      const dom = document.createElement('div');
      dom.className = 'lsp-hover md';
      dom.dataset.hover = name.word;
      dom.innerHTML = renderMarkdown(h.contents.join('\n\n'));
      return { dom };
    } };
  }

  onMouseDown(e, view) {
    if (!(e.ctrlKey || e.metaKey) || e.button !== 0) return false;
    e.preventDefault();   // CodeMirror's own Ctrl+click adds a caret
    this.goToDefinition(nameAt(view.state, view.posAtCoords({ x: e.clientX, y: e.clientY })));
    return true;
  }

  async goToDefinition(name) {
    if (!name) return;
    const d = await this.ask('LLMService.lsp_get_definition', [name.line, name.start]);
    if (d === null) this.say(`No definition of ${name.word} in the symbol index`);
    if (d) emit('open-file', { path: d.file, line: d.range.startLineNumber });
  }

  async complete(context) {
    if (!this.gate.ok) return null;
    const typed = context.matchBefore(IDENTIFIER_TAIL);
    if (!typed && !context.explicit) return null;
    const line = context.state.doc.lineAt(context.pos);
    const items = await this.ask('LLMService.lsp_get_completions', [line.number, context.pos - line.from + 1, typed?.text ?? ''],
      { quiet: true });
    return items && !context.aborted ? completionResult(items, typed?.from ?? context.pos) : null;
  }

  async findReferences(name) {
    if (!name) return this.say(this.gate.ok ? 'Put the caret on a name to list its references' : this.gate.reason);
    const items = await this.ask('LLMService.lsp_get_references', [name.line, name.start]);
    if (items === undefined) return;
    this.refs = { word: name.word, items: items ?? [], lines: new Map() };
    this.host.requestUpdate();
    this.quoteLines(this.refs);
  }

  closeReferences() {
    if (!this.refs) return false;
    this.refs = null;
    this.host.requestUpdate();
    return true;
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
      @click=${() => this.findReferences(nameAtCaret(this.host.view))}>References</button>`;
  }

  renderNote() {
    return this.note ? html`<div class="lsp-note" data-lsp-note>${this.note}</div>` : '';
  }

  renderReferences() {
    const r = this.refs;
    if (!r) return '';
    const where = (x) => `${x.file}:${x.range.startLineNumber}`;
    return html`<div class="lsp-refs" data-references>
      <div class="lsp-refs-head"><b>${r.items.length} ${r.items.length === 1 ? 'reference' : 'references'} to ${r.word}</b>
        <button @click=${() => this.closeReferences()}>Close</button></div>
      ${r.items.map((x) => html`<button class="link" data-ref=${where(x)}
        @click=${() => emit('open-file', { path: x.file, line: x.range.startLineNumber })}>
        <span class="ref-where">${where(x)}:${x.range.startColumn}</span>
        <code>${r.lines.get(x.file)?.[x.range.startLineNumber - 1]?.trim() ?? ''}</code></button>`)}
    </div>`;
  }
}
