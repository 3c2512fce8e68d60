// The file picker's model: the tree from Repo.get_file_tree flattened once,
// then the visible rows computed by a linear scan (expanded folders, or every
// match of the filter with its folders). Fast enough for 50,000 files; the
// list that shows the rows is virtualised.
//
//   const model = new FileRows(treeResult);
//   model.rows({ expanded: new Set(['src']), filter: 'main', sort: 'modified' })
//   // [{path, name, depth, type, badge, lines, mtime, stats}]
//   model.changedUnder.get('src')   // changed files inside src, at any depth

import { runInSlices } from './slices.js';
import { countUnder } from './folder-counts.js';
import { sortEntries } from './tree-order.js';
import { filterTerms } from './at-filter.js';

// Nodes between two reads of the clock: under 0.1 ms of work on the 2-core
// machine of issue 27, so a slice ends close to its budget.
const NODES_PER_STEP = 256;

const BADGE_ORDER = [['deleted', 'D'], ['staged', 'S'], ['modified', 'M'], ['untracked', 'U']];

export class FileRows {
  constructor(result = {}) {
    this.begin(result);
    this.step(Infinity);
  }

  // The same model built a few hundred nodes at a time in slices of about
  // 8 ms that yield to the page (core/slices.js), so a 50,000-file tree never
  // blocks input for long; null when `superseded()` says, between slices,
  // that the tree is no longer wanted. `slicing` is runInSlices's options.
  static async create(result, slicing = {}) {
    const model = Object.create(FileRows.prototype);
    model.begin(result);
    return (await runInSlices(() => model.step(NODES_PER_STEP), slicing)) ? model : null;
  }

  begin(result) {
    this.entries = [];
    this.files = [];
    this.status = new Map();
    for (const [key, badge] of BADGE_ORDER)
      for (const p of result[key] ?? []) if (!this.status.has(p)) this.status.set(p, badge);
    this.changedUnder = countUnder([...this.status.keys()]);
    this.stats = result.diff_stats ?? {};
    this.rootName = result.tree?.name ?? '';
    this.pending = [...(result.tree?.children ?? [])].reverse().map((node) => ({ node, depth: 0, parent: '' }));
  }

  // Walks up to `count` nodes depth first; true when the walk is complete.
  step(count) {
    const stack = this.pending;
    for (let n = 0; n < count && stack.length; n++) {
      const { node, depth, parent } = stack.pop();
      this.entries.push({ path: node.path, name: node.name, depth, type: node.type, parent,
        lines: node.lines ?? 0, mtime: node.mtime ?? 0, badge: this.status.get(node.path) ?? '', stats: this.stats[node.path] });
      if (node.type === 'file') this.files.push(node.path);
      const children = node.children ?? [];
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1, parent: node.path });
    }
    return stack.length === 0;
  }

  // Paths with a badge, for "select changed files" on first load.
  changed() {
    return this.files.filter((p) => this.status.has(p) && this.status.get(p) !== 'D');
  }

  rows({ expanded = new Set(), filter = '', sort = 'name' } = {}) {
    const terms = filterTerms(filter);
    const entries = this.sorted(sort);
    return terms.length ? this.matching(terms, entries) : this.expandedRows(expanded, entries);
  }

  // The entries in `sort` order, computed once per order.
  sorted(sort) {
    if (this.sortedBy?.key !== sort) this.sortedBy = { key: sort, entries: sortEntries(this.entries, sort) };
    return this.sortedBy.entries;
  }

  expandedRows(expanded, entries) {
    const out = [];
    let hiddenBelow = -1;   // depth of a collapsed folder whose subtree is skipped
    for (const e of entries) {
      if (hiddenBelow >= 0 && e.depth > hiddenBelow) continue;
      hiddenBelow = -1;
      out.push(e);
      if (e.type === 'dir' && !expanded.has(e.path)) hiddenBelow = e.depth;
    }
    return out;
  }

  // Files whose path contains every space-separated term (a leading @ is
  // the chat's filter prefix, not part of the term), with their folders.
  matching(terms, entries) {
    const keep = new Set();
    for (const e of this.entries) {
      if (e.type !== 'file') continue;
      const p = e.path.toLowerCase();
      if (!terms.every((t) => p.includes(t))) continue;
      keep.add(e.path);
      for (let dir = e.parent; dir && !keep.has(dir); dir = parentOf(dir)) keep.add(dir);
    }
    return entries.filter((e) => keep.has(e.path));
  }

  // Every file under a folder (for a folder's checkbox).
  filesUnder(dir) {
    const prefix = dir + '/';
    return this.files.filter((p) => p.startsWith(prefix));
  }
}

function parentOf(path) {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

// A synthetic tree of `count` files in nested folders, for the speed test
// and for the unit test of the model.
export function syntheticTree(count, perDir = 50) {
  const root = { name: 'big', path: '', type: 'dir', children: [] };
  let dirs = 0;
  for (let i = 0; i < count; i += perDir) {
    const top = `pkg${Math.floor(dirs / 20)}`;
    const dir = `${top}/mod${dirs % 20}`;
    let topNode = root.children.find((c) => c.path === top);
    if (!topNode) root.children.push(topNode = { name: top, path: top, type: 'dir', children: [] });
    const node = { name: `mod${dirs % 20}`, path: dir, type: 'dir', children: [] };
    for (let j = i; j < Math.min(count, i + perDir); j++)
      node.children.push({ name: `file${j}.js`, path: `${dir}/file${j}.js`, type: 'file', lines: j % 500 });
    topNode.children.push(node);
    dirs++;
  }
  return { tree: root, modified: [], staged: [], untracked: [], deleted: [], diff_stats: {} };
}
