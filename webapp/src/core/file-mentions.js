// The repository files an answer names, for the chat's file links and its
// "Files referenced" row (issue 29). Pure: tests/webapp/file-mentions.test.mjs.
//
//   const isFile = (p) => files.has(p);
//   findMentions('See `src/math.py`.', isFile)   // [{start: 5, end: 16, path: 'src/math.py'}]
//   mentionedFiles(answer, isFile)               // ['src/math.py', ...] in order, once each

// A word that may be a path: letters, digits, _ . - / (no spaces, which
// paths the model names almost never have). Trailing dots are sentence ends.
const CANDIDATE = /[A-Za-z0-9_./-]+/g;

export function findMentions(text, isFile) {
  const out = [];
  for (const m of (text ?? '').matchAll(CANDIDATE)) {
    let word = m[0], start = m.index;
    const trimmed = word.replace(/\.+$/, '');
    const lead = trimmed.startsWith('./') ? 2 : 0;
    const path = trimmed.slice(lead);
    // A bare word is no path: a mention has a folder or an extension.
    if (!/[./]/.test(path) || !isFile(path)) continue;
    start += lead;
    out.push({ start, end: start + path.length, path });
  }
  return out;
}

export function mentionedFiles(text, isFile) {
  return [...new Set(findMentions(text, isFile).map((m) => m.path))];
}
