// <ac-file-editor>: one file in CodeMirror 6, highlighted for its language.
// A file as in HEAD is one pane; a changed one is HEAD beside the working
// copy, aligned (side by side, or unified when the pane is narrow: see
// core/editor-layout.js), opened at the first change, with next and previous
// change. Ctrl+S saves through Repo.write_file; search (Ctrl+F) and go to
// line (Alt+G) are CodeMirror's panels. Hover, definition, references and
// completions come from the symbol index (editor-lsp.js); the line a file was
// opened at (a search hit, a definition, a reference, an edit card's edit)
// stays marked.
//
// While a review runs, a file the branch changed shows the review's change
// instead, read-only (editor/versions.js).
//
// Unsaved text is never dropped: opening another file keeps it as a draft
// that comes back with its file, and when the file changes on disk under it
// (an applied edit, say) a save is held until the user picks which to keep.
//
// The element and CodeMirror are one lazy chunk, imported when a file is
// first opened (files-tab.js), so the first paint does not carry them.

import { html } from 'lit';
import { EditorView } from '@codemirror/view';
import { LightElement } from './light-element.js';
import { languageOf } from '../core/languages.js';
import { differsFromHead, layoutFor } from '../core/editor-layout.js';
import { lineOfText } from '../core/line-of-text.js';
import { readVersions } from '../editor/versions.js';
import { loadLanguage } from '../editor/language.js';
import { mountEditor, firstChange, goToNextChunk, goToPreviousChunk, gotoLine } from '../editor/mount.js';
import { openAtLine } from '../editor/marked-line.js';
import { rpc, on, emit, toast } from '../rpc.js';
import { EditorLsp } from './editor-lsp.js';

// path -> { work, saved }: unsaved text of files not shown now. Outside the
// element, which closing the editor removes.
const drafts = new Map();

class AcFileEditor extends LightElement {
  static properties = { target: {}, gate: {}, shownPath: { state: true }, dirty: { state: true }, error: { state: true },
    stale: { state: true }, reviewed: { state: true }, layout: { state: true } };

  constructor() {
    super();
    this.stale = false;        // the file changed on disk since the unsaved text was started
    this.dirty = false;
    this.file = null;          // {path, head, work, language, changed}: what was read, and the text to mount
    this.lsp = new EditorLsp(this);
  }

  // The working copy's EditorView (tests and the LSP read it).
  get view() { return this.editor?.view; }

  text() { return this.view ? this.view.state.doc.toString() : this.file?.work; }

  connectedCallback() {
    super.connectedCallback();
    // Edits, commits and resets change the file under the editor: show the
    // new text, or, over unsaved changes, say that it changed.
    const refresh = (paths) => {
      if (!this.target || (paths && !paths.includes(this.target.path))) return;
      if (this.dirty) this.stale = true;
      else this.load();
    };
    this.listen(on('filesModified', refresh));
    this.listen(on('tree-changed', () => refresh(null)));
    this.listen(on('reviewStarted', () => refresh(null)));
    this.listen(on('reviewEnded', () => refresh(null)));
    this.resizer = new ResizeObserver(() => this.relayout());
    this.resizer.observe(this);
  }

  disconnectedCallback() {
    // Closing the editor keeps unsaved text for when its file is opened again.
    this.keepDraft();
    this.resizer.disconnect();
    this.editor?.destroy();
    this.editor = null;
    super.disconnectedCallback();
  }

  keepDraft() {
    if (!this.shownPath || !this.dirty) return false;
    drafts.set(this.shownPath, { work: this.text(), saved: this.saved });
    return true;
  }

  willUpdate(changed) {
    if (!changed.has('target') || this.target?.path === this.loadedPath) return;
    if (this.keepDraft()) toast(`Unsaved changes to ${this.shownPath} kept: open it again to save them`, 'warn');
    this.load();
  }

  updated(changed) {
    if (this.mountPending) return this.mount();
    const line = changed.has('target') && this.view && this.shownPath === this.target.path ? this.askedLine() : null;
    if (line) openAtLine(this.view, line);
  }

  // The line the opener asked for: a line (search hits, definitions,
  // references) or a text to find (an edit card's new text); else null.
  askedLine() {
    const t = this.target;
    return t.line ?? (t.text ? lineOfText(this.text(), t.text) : null);
  }

  // Shows the file only once both versions are in, so the header, the text
  // and what Ctrl+S writes always belong to the same path.
  async load() {
    const path = this.target.path;
    this.loadedPath = path;
    const [v, language] = await Promise.all([readVersions(path), loadLanguage(languageOf(path))]);
    if (this.target?.path !== path) return;                         // another file was opened meanwhile
    if (this.shownPath === path && this.dirty) return;               // the user started typing: keep it
    if (this.view && this.file?.path === path && v.work === this.saved && v.head === this.file.head && !v.review
      && !this.reviewed) return;                                     // as shown (a save's own refresh): keep caret and undo
    const draft = v.error || v.review ? undefined : drafts.get(path);
    drafts.delete(path);
    const work = draft?.work ?? v.work;
    this.file = { path, head: v.head, work, language, changed: differsFromHead(v.head, work) };
    this.saved = v.work;
    Object.assign(this, { shownPath: path, error: v.error, stale: draft ? draft.saved !== v.work : false, reviewed: v.review });
    this.mountPending = true;
    this.requestUpdate();
  }

  // `caret`: where the caret was before a change of layout; else the file
  // opens at the line asked for, or at its first change.
  mount(caret = null) {
    this.mountPending = false;
    this.editor?.destroy();
    const f = this.file;
    this.layout = layoutFor({ changed: f.changed, width: this.clientWidth });
    this.editor = mountEditor(this.querySelector('[data-editor]'), { layout: this.layout, head: f.head ?? '', work: f.work,
      language: f.language, editable: !this.reviewed,
      keys: [{ key: 'Mod-s', preventDefault: true, run: () => { this.save(); return true; } }],
      extensions: [this.lsp.extensions(), EditorView.updateListener.of((u) => { if (u.docChanged) this.trackDirty(); })] });
    this.savedDoc = this.view.state.toText(this.saved);
    this.trackDirty();
    const at = caret ?? firstChange(this.view), asked = caret === null && this.askedLine();
    if (asked) openAtLine(this.view, asked);
    else if (at !== null) this.view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
  }

  trackDirty() {
    this.dirty = !this.view.state.doc.eq(this.savedDoc);
  }

  // A pane resized across the split width remounts with the text and caret.
  relayout() {
    if (!this.view || layoutFor({ changed: this.file.changed, width: this.clientWidth }) === this.layout) return;
    const caret = this.view.state.selection.main.head;
    this.file = { ...this.file, work: this.text() };
    this.mount(caret);
  }

  // `overwrite`: the user chose their text over what changed on disk.
  async save(overwrite = false) {
    const path = this.shownPath, text = this.text();   // what is typed during the save stays unsaved
    if (this.reviewed) return;   // read-only: the review's change, not the working copy
    if (this.stale && !overwrite) {
      toast(`${path} changed on disk: keep yours or load the disk version first`, 'warn');
      return;
    }
    try {
      await rpc('Repo.write_file', path, text);
      if (this.shownPath !== path) return;
      this.saved = text;
      this.savedDoc = this.view.state.toText(text);
      this.stale = false;
      this.trackDirty();
      toast(`Saved ${path}`, 'ok');
      emit('tree-changed');
    } catch (e) {
      toast(`Could not save ${path}: ${e.message}`, 'error');
    }
  }

  reloadFromDisk() {
    this.dirty = false;   // so load() replaces the text
    this.stale = false;
    this.load();
  }

  run(command) {
    if (!this.view) return;
    command(this.view);
    this.view.focus();
  }

  renderTitles() {
    const rv = this.reviewed, since = rv ? String(rv.parent_commit ?? '').slice(0, 7) : '';
    const left = html`<span class="pane-title" data-pane="left">${rv ? `Review base ${since}` : 'HEAD'}</span>`;
    const right = html`<span class="pane-title" data-pane="right">${rv ? rv.branch : 'Working copy'}</span>`;
    if (this.layout === 'split') return html`<div class="pane-titles split">${left}${right}</div>`;
    if (this.layout === 'unified') return html`<div class="pane-titles">${right}<span class="pane-title">against</span>${left}</div>`;
    return html`<div class="pane-titles">${right}<span class="pane-title">${this.file?.head === null ? 'not in HEAD: a new file'
      : 'as in HEAD'}</span></div>`;
  }

  renderHead() {
    const rv = this.reviewed, single = this.layout === 'single';
    return html`<div class="viewer-head"><b data-viewer-path>${this.shownPath}</b>
      <span class="dirty" data-dirty=${this.dirty ? 'yes' : 'no'}>${this.dirty ? '● unsaved (Ctrl+S)' : ''}</span>
      <button data-action="prev-change" ?disabled=${single} title="Previous change (Shift+Alt+F5)"
        @click=${() => this.run(goToPreviousChunk)}>↑ Change</button>
      <button data-action="next-change" ?disabled=${single} title="Next change (Alt+F5)"
        @click=${() => this.run(goToNextChunk)}>↓ Change</button>
      <button data-action="goto-line" title="Go to line (Alt+G); search is Ctrl+F" @click=${() => this.run(gotoLine)}>Line…</button>
      ${this.lsp.renderButton()}
      ${rv ? '' : html`<button data-action="save" ?disabled=${!this.dirty} @click=${() => this.save()}>Save</button>`}
      <button data-action="close" @click=${() => this.dispatchEvent(new CustomEvent('close'))}>Close</button></div>`;
  }

  render() {
    const rv = this.reviewed, since = rv ? String(rv.parent_commit ?? '').slice(0, 7) : '';
    const loading = this.shownPath !== this.target.path;
    return html`<div class="viewer">
      ${this.renderHead()}
      ${loading ? html`<div class="note">Loading ${this.target.path}…</div>` : ''}
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      ${this.lsp.renderNote()}
      ${rv ? html`<div class="note" data-review-diff>Reviewing ${rv.branch}: its change to this file since ${since},
        read-only until you exit the review.</div>` : ''}
      ${this.stale && this.dirty ? html`<div class="error" data-stale>This file changed on disk while you edited it.
        <button data-action="keep-mine" @click=${() => this.save(true)}>Keep mine and save</button>
        <button data-action="load-disk" @click=${this.reloadFromDisk}>Load the disk version</button></div>` : ''}
      ${this.renderTitles()}
      <div class="cm-host" data-editor data-layout=${this.layout ?? ''}></div>
      ${this.lsp.renderReferences()}</div>`;
  }
}
customElements.define('ac-file-editor', AcFileEditor);
