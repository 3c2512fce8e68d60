// The picker's sort (issue 29): the flattened tree (FileRows.entries, depth
// first, folders before files) reordered among siblings by name, by
// modification time (newest first) or by size (most lines first; lines are
// the size the tree carries). A folder counts as its newest file and as the
// lines of all its files; folders stay before files. Pure:
// tests/webapp/tree-order.test.mjs.
//
//   sortEntries(model.entries, 'modified')   // a new array, same entries

export const SORTS = ['name', 'modified', 'size'];

export function sortEntries(entries, key) {
  if (key === 'name') return entries;
  const children = new Map();
  const weight = new Map();
  for (const e of entries) {
    if (!children.has(e.parent)) children.set(e.parent, []);
    children.get(e.parent).push(e);
  }
  const value = (e) => (key === 'modified' ? e.mtime ?? 0 : e.lines ?? 0);
  // Entries come depth first, so walking backwards sees each folder after its files.
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.type !== 'dir') continue;
    const kids = (children.get(e.path) ?? []).map((c) => (c.type === 'dir' ? weight.get(c.path) : value(c)));
    weight.set(e.path, key === 'modified' ? Math.max(0, ...kids) : kids.reduce((a, b) => a + b, 0));
  }
  const of = (e) => (e.type === 'dir' ? weight.get(e.path) : value(e));
  const order = (a, b) => (a.type === b.type ? of(b) - of(a) || a.name.localeCompare(b.name) : a.type === 'dir' ? -1 : 1);
  const out = [];
  const walk = (parent) => {
    for (const e of [...(children.get(parent) ?? [])].sort(order)) {
      out.push(e);
      if (e.type === 'dir') walk(e.path);
    }
  };
  walk(entries[0]?.parent ?? '');
  return out;
}
