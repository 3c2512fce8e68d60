// How many of some files sit under each folder, for the picker's folder
// badges (changed files) and selection counts, so what is inside a collapsed
// folder shows on its row (issue 29). Pure: tests/webapp/folder-counts.test.mjs.
//
//   countUnder(['src/a.py', 'src/b/c.py'])   // Map {src => 2, src/b => 1}

export function countUnder(paths) {
  const counts = new Map();
  for (const p of paths) {
    for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
      const dir = p.slice(0, i);
      counts.set(dir, (counts.get(dir) ?? 0) + 1);
    }
  }
  return counts;
}
