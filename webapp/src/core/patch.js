// A unified diff (git's, as Repo.get_review_file_diff returns it) applied to
// the text it was made from: the diff viewer shows a review's base beside
// the branch's version this way, without a second round trip for the tip.
// Pure: unit tested in tests/webapp/patch.test.mjs.
//
//   applyPatch('a\nb\n', '@@ -2 +2 @@\n-b\n+c\n')   // 'a\nc\n'

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

// Lines of `text` without their terminators, and whether it ended in one.
function splitText(text) {
  if (text === '') return { lines: [], endsNl: true };
  const endsNl = text.endsWith('\n');
  return { lines: (endsNl ? text.slice(0, -1) : text).split('\n'), endsNl };
}

// Throws when the diff does not fit `base` (a context or removed line that
// is not there): a wrong picture is worse than none.
export function applyPatch(base, diff) {
  const { lines, endsNl: baseNl } = splitText(base);
  const patch = diff.split('\n');
  const out = [];
  let pos = 0, endsNl = baseNl;
  for (let i = 0; i < patch.length; i++) {
    const h = HUNK.exec(patch[i]);
    if (!h) continue;
    const oldStart = Number(h[1]), oldCount = h[2] === undefined ? 1 : Number(h[2]);
    const newCount = h[4] === undefined ? 1 : Number(h[4]);
    const start = oldCount === 0 ? oldStart : oldStart - 1;
    while (pos < start) out.push(lines[pos++]);
    let olds = 0, news = 0, last = '', newNoNl = false;
    // Counted, not scanned: a removed line may itself begin with "--".
    while ((olds < oldCount || news < newCount || patch[i + 1]?.startsWith('\\')) && ++i < patch.length) {
      const line = patch[i], kind = line[0], rest = line.slice(1);
      if (kind === '\\') { if (last !== '-') newNoNl = true; continue; }
      if (kind !== '+') {
        if (lines[pos] !== rest) throw new Error(`the diff does not fit the base text at line ${pos + 1}`);
        pos++; olds++;
      }
      if (kind !== '-') { out.push(rest); news++; }
      last = kind;
    }
    if (pos >= lines.length) endsNl = !newNoNl;
  }
  while (pos < lines.length) out.push(lines[pos++]);
  return out.length ? out.join('\n') + (endsNl ? '\n' : '') : '';
}
