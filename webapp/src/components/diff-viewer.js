// <ac-diff-viewer>: HEAD beside the working copy of one file. The working copy
// is an editable textarea over a layer that marks added lines; HEAD marks the
// removed ones. Ctrl+S saves through Repo.write_file. Hover, go to definition
// and references come from the symbol index (viewer-lsp.js); the line a file
// was opened at (a search hit, a definition, a reference) stays marked.
//
// While a review runs, a file the branch changed shows the review's change
// instead (LLMService.get_review_file_diff applied to the review's base),
// read-only: edits are not applied in review mode (§4.13).
//
// Unsaved text is never dropped: opening another file keeps it as a draft
// that comes back with its file, and when the file changes on disk under it
// (an applied edit, say) a save is held until the user picks which to keep.
//
// Why not Monaco: monaco-editor's smallest useful build is several MB of
// JavaScript (about 1 MB gzipped plus workers) for features this view does not
// use (minimap, its language workers); this element with the shared Myers diff
// and the symbol index's hover and jumps is a few KB and loads only when a
// file is first opened.

import { html, nothing } from 'lit';
import { LightElement } from './light-element.js';
import { diffLines, sideBySide } from '../core/diff.js';
import { applyPatch } from '../core/patch.js';
import { rpc, hasMethod, on, emit, toast } from '../rpc.js';
import { ViewerLsp } from './viewer-lsp.js';

const LINE_PX = 18;
// path -> { work, saved }: unsaved text of files not shown now. Outside the
// element, which closing the viewer removes.
const drafts = new Map();

class AcDiffViewer extends LightElement {
  static properties = { target: {}, gate: {}, shownPath: { state: true }, head: { state: true }, work: { state: true },
    saved: { state: true }, error: { state: true }, stale: { state: true }, reviewed: { state: true } };

  constructor() {
    super();
    this.stale = false;        // the file changed on disk since the unsaved text was started
    this.lsp = new ViewerLsp(this);
  }

  get dirty() { return this.work !== this.saved; }

  disconnectedCallback() {
    // Closing the viewer keeps unsaved text for when its file is opened again.
    if (this.shownPath && this.dirty) drafts.set(this.shownPath, { work: this.work, saved: this.saved });
    super.disconnectedCallback();
  }

  connectedCallback() {
    super.connectedCallback();
    // Edits, commits and resets change the file under the viewer: show the new
    // text, or, over unsaved changes, say that it changed.
    const refresh = (paths) => {
      if (!this.target || (paths && !paths.includes(this.target.path))) return;
      if (this.dirty) this.stale = true;
      else this.load();
    };
    this.listen(on('filesModified', refresh));
    this.listen(on('tree-changed', () => refresh(null)));
    this.listen(on('reviewStarted', () => refresh(null)));
    this.listen(on('reviewEnded', () => refresh(null)));
  }

  // The review's base and the branch's version of `path`, or null when no
  // review runs or the branch did not change it.
  async reviewVersions(path) {
    if (!hasMethod('LLMService.get_review_file_diff')) return null;
    let review, diff;
    try {
      review = await rpc('LLMService.get_review_state');
      if (!review?.active) return null;
      diff = (await rpc('LLMService.get_review_file_diff', path))?.diff;
    } catch {
      return null;
    }
    if (!diff) return null;
    let base = '';
    try {
      base = await rpc('Repo.get_file_content', path, review.parent_commit || 'HEAD');
    } catch {
      base = '';   // the branch added it
    }
    return { base, branch: applyPatch(base, diff), review };
  }

  willUpdate(changed) {
    if (!changed.has('target') || this.target?.path === this.loadedPath) return;
    if (this.shownPath && this.dirty) {
      drafts.set(this.shownPath, { work: this.work, saved: this.saved });
      toast(`Unsaved changes to ${this.shownPath} kept: open it again to save them`, 'warn');
    }
    this.load();
  }

  updated(changed) {
    if (changed.has('target') && this.target?.line && this.shownPath === this.target.path) this.goToLine(this.target.line);
  }

  // Shows the file only once both versions are in, so the header, the text
  // and what Ctrl+S writes always belong to the same path.
  async load() {
    const path = this.target.path;
    this.loadedPath = path;
    let reviewed = null;
    try {
      reviewed = await this.reviewVersions(path);
    } catch (e) {
      toast(`The review's diff of ${path} does not apply (${e.message}): showing the working copy`, 'warn');
    }
    if (reviewed) {
      if (this.target?.path !== path || (this.shownPath === path && this.dirty)) return;
      Object.assign(this, { shownPath: path, work: reviewed.branch, saved: reviewed.branch, head: reviewed.base, error: '',
        stale: false, reviewed: reviewed.review });
      return;
    }
    let work = '', head = '', error = '';
    try {
      work = await rpc('Repo.get_file_content', path);
    } catch (e) {
      error = `Cannot open ${path}: ${e.message}`;
    }
    try {
      head = await rpc('Repo.get_file_content', path, 'HEAD');
    } catch {
      head = '';   // not in HEAD yet: a new file
    }
    if (this.target?.path !== path) return;                         // another file was opened meanwhile
    if (this.shownPath === path && this.dirty) return;               // the user started typing: keep it
    const draft = error ? undefined : drafts.get(path);
    drafts.delete(path);
    Object.assign(this, { shownPath: path, work: draft?.work ?? work, saved: work, head, error,
      stale: draft ? draft.saved !== work : false, reviewed: null });
    if (this.target.line) this.updateComplete.then(() => this.goToLine(this.target.line));
  }

  goToLine(line) {
    const area = this.querySelector('textarea');
    if (!area) return;
    const lines = area.value.split('\n');
    const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(offset, offset + (lines[line - 1]?.length ?? 0));
    area.scrollTop = Math.max(0, (line - 5) * LINE_PX);
  }

  // `overwrite`: the user chose their text over what changed on disk.
  async save(overwrite = false) {
    const path = this.shownPath, text = this.work;   // what is typed during the save stays unsaved
    if (this.reviewed) return;   // read-only: the review's change, not the working copy
    if (this.stale && !overwrite) {
      toast(`${path} changed on disk: keep yours or load the disk version first`, 'warn');
      return;
    }
    try {
      await rpc('Repo.write_file', path, text);
      if (this.shownPath !== path) return;
      this.saved = text;
      this.stale = false;
      toast(`Saved ${path}`, 'ok');
      emit('tree-changed');
    } catch (e) {
      toast(`Could not save ${path}: ${e.message}`, 'error');
    }
  }

  reloadFromDisk() {
    this.saved = this.work;   // not dirty any more, so load() replaces it
    this.stale = false;
    this.load();
  }

  onKey(e) {
    if ((e.ctrlKey || e.metaKey) && e.key === 's') { e.preventDefault(); this.save(); }
    else this.lsp.onKey(e);
  }

  onScroll(e) {
    const t = e.target;
    for (const el of this.querySelectorAll('.pane-scroll')) if (el !== t) el.scrollTop = t.scrollTop;
    this.querySelector('.backdrop-lines').style.transform = `translateY(${-this.querySelector('textarea').scrollTop}px)`;
    this.lsp.hideHover();
  }

  render() {
    if (this.shownPath !== this.target.path) return html`<div class="viewer">Loading ${this.target.path}…</div>`;
    const rows = sideBySide(diffLines(this.head ?? '', this.work));
    const left = rows.filter((r) => r.left).map((r) => r.left);
    const right = rows.filter((r) => r.right).map((r) => r.right);
    const dirty = this.dirty;
    const mark = this.target.line;   // the line this file was opened at
    const rv = this.reviewed, since = rv ? String(rv.parent_commit ?? '').slice(0, 7) : '';
    return html`<div class="viewer" @keydown=${this.onKey}>
      <div class="viewer-head"><b data-viewer-path>${this.shownPath}</b>
        <span class="dirty">${dirty ? '● unsaved (Ctrl+S)' : ''}</span>
        ${this.lsp.renderButton()}
        ${rv ? '' : html`<button data-action="save" ?disabled=${!dirty} @click=${() => this.save()}>Save</button>`}
        <button @click=${() => this.dispatchEvent(new CustomEvent('close'))}>Close</button></div>
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      ${this.lsp.renderNote()}
      ${rv ? html`<div class="note" data-review-diff>Reviewing ${rv.branch}: its change to this file since ${since},
        read-only until you exit the review.</div>` : ''}
      ${this.stale && dirty ? html`<div class="error" data-stale>This file changed on disk while you edited it.
        <button data-action="keep-mine" @click=${() => this.save(true)}>Keep mine and save</button>
        <button data-action="load-disk" @click=${this.reloadFromDisk}>Load the disk version</button></div>` : ''}
      <div class="panes">
        <div class="pane"><div class="pane-title" data-pane="left">${rv ? `Review base ${since}` : 'HEAD'}</div>
          <pre class="pane-scroll head" @scroll=${this.onScroll}>${left.map((l) => html`<div class="ln ${l.op}">${l.text || ' '}</div>`)}</pre></div>
        <div class="pane"><div class="pane-title" data-pane="right">${rv ? rv.branch : 'Working copy'}</div>
          <div class="editor">
            <div class="backdrop-lines">${right.map((l, i) => html`<div class="ln ${l.op} ${i + 1 === mark ? 'mark' : ''}"
              data-marked-line=${i + 1 === mark ? mark : nothing}>&nbsp;</div>`)}</div>
            <textarea class="pane-scroll" spellcheck="false" ?readonly=${!!rv} .value=${this.work}
              @input=${(e) => { this.work = e.target.value; }} @scroll=${this.onScroll}
              @mousemove=${(e) => this.lsp.onMouseMove(e)} @mouseleave=${() => this.lsp.onMouseLeave()}
              @click=${(e) => this.lsp.onClick(e)}></textarea>
          </div></div>
      </div>
      ${this.lsp.renderReferences()}${this.lsp.renderHover()}</div>`;
  }
}
customElements.define('ac-diff-viewer', AcDiffViewer);
