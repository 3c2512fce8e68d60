// <ac-file-picker>: the repository tree with git badges, diff stats, line
// counts, the branch badge, a filter, keyboard navigation and three-state
// checkboxes (core/file-states.js): in context, the server's selection
// (set_selected_files / filesChanged); map only; excluded from the symbol
// index (set_excluded_index_files, kept per repository by the server; needs
// the symbol-index plugin). Only the rows in view exist in the DOM, so 50,000
// files stay fast. Issue 29: a folder shows how many changed files and how
// many selected ones it holds at any depth; sort by name, modified or size
// (kept in localStorage); the chat's @word filters (`file-filter`); a
// middle-click on a file inserts its path in the chat (`insert-path`); Add All
// under an answer adds its files (`add-files`).

import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { LightElement } from './light-element.js';
import { FileRows } from '../core/file-rows.js';
import { fileState, clickFiles, STATE_TITLES } from '../core/file-states.js';
import { countUnder } from '../core/folder-counts.js';
import { SORTS } from '../core/tree-order.js';
import { rpc, hasMethod, on, emit, toast } from '../rpc.js';
import './file-menu.js';

const ROW = 22;
const OVERSCAN = 10;
const SORT_KEY = 'ac-dc-file-sort';
const SORT_LABELS = { name: 'name', modified: 'modified', size: 'size (lines)' };

class AcFilePicker extends LightElement {
  static properties = {
    model: { state: true }, selected: { state: true }, expanded: { state: true }, filter: { state: true },
    focus: { state: true }, branch: { state: true }, scrollTop: { state: true }, error: { state: true },
    menu: { state: true }, excluded: { state: true }, sort: { state: true }, gate: {},
  };

  constructor() {
    super();
    this.model = new FileRows();
    this.selected = new Set();
    this.excluded = new Set();
    this.expanded = new Set();
    this.filter = '';
    this.focus = 0;
    this.scrollTop = 0;
    this.viewport = 600;
    this.firstLoad = true;
    this.treeSerial = 0;  // the newest tree asked for; older ones are dropped
    const sort = localStorage.getItem(SORT_KEY);
    this.sort = SORTS.includes(sort) ? sort : 'name';
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('connected', () => this.load()));
    this.listen(on('state', (s) => {
      this.stateKnown = true;
      this.applySelection(s.selected_files ?? []);
      this.excluded = new Set(s.excluded_index_files ?? []);
      this.autoSelect();
    }));
    this.listen(on('filesChanged', (files) => this.applySelection(files)));
    this.listen(on('filesModified', () => this.load()));
    this.listen(on('tree-changed', () => this.load()));
    this.listen(on('add-files', (paths) => this.pushSelection(new Set([...this.selected, ...paths]))));
    this.listen(on('file-filter', (q) => { this.filter = q ? `@${q}` : ''; this.focus = 0; }));
  }

  chooseSort(sort) {
    this.sort = sort;
    localStorage.setItem(SORT_KEY, sort);
  }

  // Selected files per folder, counted once per selection.
  get selectedUnder() {
    if (this.countedFor !== this.selected) {
      this.countedFor = this.selected;
      this.selectedCounts = countUnder(this.selected);
    }
    return this.selectedCounts;
  }

  async load() {
    if (!hasMethod('Repo.get_file_tree')) return;
    // Answers to overlapping loads can arrive out of order (the repo plugin
    // serves calls in parallel): only the newest load asked is shown.
    const serial = ++this.treeSerial;
    try {
      const tree = await rpc('Repo.get_file_tree');
      if (!(await this.setTree(tree, serial))) return;
      if (hasMethod('Repo.get_current_branch')) this.branch = await rpc('Repo.get_current_branch');
      this.error = '';
    } catch (e) {
      this.error = `Could not read the file tree: ${e.message}`;
    }
  }

  // Public so a test (or a future collaborator view) can show any tree.
  // Built in slices (FileRows.create) and shown whole; false when a later
  // tree, asked or given, superseded this one, whose build then stops.
  async setTree(result, serial = ++this.treeSerial) {
    const model = await FileRows.create(result, { superseded: () => serial !== this.treeSerial });
    if (serial !== this.treeSerial) return false;
    this.model = model;
    emit('fileList', model.files);
    // A small repository opens with its top folders expanded.
    if (!this.expanded.size && this.model.entries.length < 200)
      this.expanded = new Set(this.model.entries.filter((e) => e.type === 'dir' && e.depth === 0).map((e) => e.path));
    this.treeKnown = true;
    this.autoSelect();
    return true;
  }

  // On first load, with nothing selected on the server, the changed files are
  // selected: they are what the user is most likely working on. Waits for both
  // the tree and the server's selection, whichever comes last.
  autoSelect() {
    const selectionKnown = this.stateKnown || !hasMethod('LLMService.get_current_state');
    if (!this.firstLoad || !this.treeKnown || !selectionKnown) return;
    this.firstLoad = false;
    const changed = this.model.changed();
    if (!this.selected.size && changed.length && changed.length < 200) this.pushSelection(new Set(changed));
  }

  applySelection(files) {
    this.selected = new Set(files);
    emit('selection', [...this.selected]);
  }

  async pushSelection(next) {
    this.applySelection([...next]);
    if (!hasMethod('LLMService.set_selected_files')) return;
    try {
      this.applySelection(await rpc('LLMService.set_selected_files', [...next]));
    } catch (e) {
      toast(`Selection not saved: ${e.message}`, 'error');
    }
  }

  get exclusion() {
    return this.gate?.('exclusion') ?? { ok: false, reason: '' };
  }

  async pushExcluded(next) {
    const before = this.excluded;
    this.excluded = next;
    try {
      this.excluded = new Set(await rpc('LLMService.set_excluded_index_files', [...next]));
    } catch (e) {
      this.excluded = before;
      toast(`Exclusion not saved: ${e.message}`, 'error');
    }
  }

  // A click ticks or unticks; Shift excludes from the index or includes again.
  toggle(entry, shift = false) {
    if (shift && !this.exclusion.ok) {
      toast(this.exclusion.reason, 'warn');
      return;
    }
    const paths = entry.type === 'dir' ? this.model.filesUnder(entry.path) : [entry.path];
    const next = clickFiles(this, paths, { shift });
    if (!sameSet(next.excluded, this.excluded)) this.pushExcluded(next.excluded);
    if (!sameSet(next.selected, this.selected)) this.pushSelection(next.selected);
  }

  toggleDir(path) {
    const next = new Set(this.expanded);
    next.has(path) ? next.delete(path) : next.add(path);
    this.expanded = next;
  }

  get rows() {
    const c = this.cachedFor;
    if (c?.model !== this.model || c.expanded !== this.expanded || c.filter !== this.filter || c.sort !== this.sort)
      this.cachedFor = { model: this.model, expanded: this.expanded, filter: this.filter, sort: this.sort,
        rows: this.model.rows({ expanded: this.expanded, filter: this.filter, sort: this.sort }) };
    return this.cachedFor.rows;
  }

  activate(entry) {
    if (entry.type === 'dir') this.toggleDir(entry.path);
    else emit('open-file', { path: entry.path });
  }

  onKey(e) {
    const rows = this.rows, cur = rows[this.focus];
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20 };
    if (moves[e.key]) this.moveFocus(this.focus + moves[e.key]);
    else if (e.key === 'ArrowRight' && cur?.type === 'dir' && !this.expanded.has(cur.path)) this.toggleDir(cur.path);
    else if (e.key === 'ArrowLeft' && cur?.type === 'dir' && this.expanded.has(cur.path)) this.toggleDir(cur.path);
    else if (e.key === ' ' && cur) this.toggle(cur, e.shiftKey);
    else if (e.key === 'Enter' && cur) this.activate(cur);
    else return;
    e.preventDefault();
  }

  moveFocus(i) {
    this.focus = Math.max(0, Math.min(this.rows.length - 1, i));
    const list = this.querySelector('.rows');
    const top = this.focus * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
  }

  onScroll(e) {
    const el = e.target;
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = null;
      this.viewport = el.clientHeight || this.viewport;
      this.scrollTop = el.scrollTop;
    });
  }

  // The context menu's "Exclude from index" / "Include in index".
  menuExclusion(entry) {
    const paths = entry.type === 'dir' ? this.model.filesUnder(entry.path) : [entry.path];
    return { ...this.exclusion, excluded: paths.length > 0 && paths.every((p) => this.excluded.has(p)) };
  }

  openMenu(e, entry) {
    e.preventDefault();
    this.menu = { x: e.clientX, y: e.clientY, entry };
  }

  // What a checkbox's tooltip says: the state, and what Shift+click would do
  // or why it cannot.
  checkboxTitle(state) {
    if (this.exclusion.ok) return STATE_TITLES[state];
    return `${STATE_TITLES[state].split('. ')[0]}. Shift+click: ${this.exclusion.reason}`;
  }

  folderTitle() {
    return `All files of this folder. Shift+click: ${this.exclusion.ok ? 'exclude them from the index, or include them again' : this.exclusion.reason}`;
  }

  // What a folder holds, collapsed or not: changed files and selected ones.
  folderMarks(path) {
    const changed = this.model.changedUnder.get(path), selected = this.selectedUnder.get(path);
    return html`${changed ? html`<span class="badge b-M folder-changes" data-folder-changes=${changed}
        title="${changed} changed file${changed === 1 ? '' : 's'} inside">${changed}</span>` : ''}
      ${selected ? html`<span class="folder-selected" data-folder-selected=${selected}
        title="${selected} file${selected === 1 ? '' : 's'} inside in context">✓${selected}</span>` : ''}`;
  }

  // A middle click on a file puts its path into the chat input.
  onAuxClick(e, entry) {
    if (e.button !== 1 || entry.type !== 'file') return;
    e.preventDefault();
    emit('insert-path', entry.path);
  }

  renderRow(entry, index) {
    const dir = entry.type === 'dir';
    // A folder's box acts on all its files; only files show a state.
    const state = dir ? 'map' : fileState(entry.path, this.selected, this.excluded);
    return html`<div class="row ${index === this.focus ? 'focused' : ''} ${dir ? 'dir' : 'file'} state-${state}" role="treeitem"
        style="top:${index * ROW}px;padding-left:${entry.depth * 14 + 4}px" data-path=${entry.path} data-state=${state}
        @click=${() => { this.focus = index; this.activate(entry); }} @contextmenu=${(e) => this.openMenu(e, entry)}
        @mousedown=${(e) => { if (e.button === 1) e.preventDefault(); }} @auxclick=${(e) => this.onAuxClick(e, entry)}>
      <input type="checkbox" .checked=${live(state === 'context')} .indeterminate=${live(state === 'excluded')}
        aria-label="select ${entry.path}" title=${dir ? this.folderTitle() : this.checkboxTitle(state)}
        @click=${(e) => { e.stopPropagation(); this.toggle(entry, e.shiftKey); }}>
      <span class="twisty">${dir ? (this.expanded.has(entry.path) || this.filter ? '▾' : '▸') : ''}</span>
      <span class="name">${entry.name}</span>
      ${state === 'excluded' ? html`<span class="excluded-mark" data-excluded title=${STATE_TITLES.excluded}>excluded</span>` : ''}
      ${entry.badge ? html`<span class="badge b-${entry.badge}" data-badge=${entry.badge}>${entry.badge}</span>` : ''}
      ${dir ? this.folderMarks(entry.path) : ''}
      ${entry.stats ? html`<span class="stats"><span class="add">+${entry.stats.additions}</span><span class="del">-${entry.stats.deletions}</span></span>` : ''}
      ${dir ? '' : html`<span class="lines ${entry.lines > 1000 ? 'big' : entry.lines > 300 ? 'mid' : ''}">${entry.lines}</span>`}
    </div>`;
  }

  render() {
    const rows = this.rows;
    const first = Math.max(0, Math.floor(this.scrollTop / ROW) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((this.scrollTop + this.viewport) / ROW) + OVERSCAN);
    const b = this.branch;
    return html`
      <div class="picker-head">
        ${b ? html`<span class="branch" data-branch>${b.branch ?? `detached ${b.sha?.slice(0, 7) ?? ''}`}</span>` : ''}
        <span class="count">${this.selected.size} selected · ${this.model.files.length} files</span>
        <button class="icon" title="New file at the top level" @click=${(e) => this.openMenu(e, { type: 'dir', path: '' })}>+</button>
      </div>
      <div class="filter-row">
        <input class="filter" type="search" placeholder="Filter files (or @name in the chat)" .value=${live(this.filter)}
          @input=${(e) => { this.filter = e.target.value; this.focus = 0; }}>
        <select class="sort" data-sort title="Sort files" .value=${this.sort} @change=${(e) => this.chooseSort(e.target.value)}>
          ${SORTS.map((k) => html`<option value=${k} ?selected=${k === this.sort}>${SORT_LABELS[k]}</option>`)}
        </select>
      </div>
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      <div class="rows" tabindex="0" role="tree" @scroll=${this.onScroll} @keydown=${this.onKey}>
        <div class="spacer" style="height:${rows.length * ROW}px">
          ${rows.slice(first, last).map((entry, i) => this.renderRow(entry, first + i))}
        </div>
      </div>
      ${this.menu ? html`<ac-file-menu .menu=${this.menu} .exclusion=${this.menuExclusion(this.menu.entry)}
        @toggle-exclusion=${() => this.toggle(this.menu.entry, true)} @close=${() => { this.menu = null; }}></ac-file-menu>` : ''}`;
  }
}
customElements.define('ac-file-picker', AcFilePicker);

function sameSet(a, b) {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
