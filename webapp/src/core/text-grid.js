// A monospace textarea's text as a grid of cells, to turn a mouse position
// into a 1-based (line, col) for the symbol queries and back. Tabs take the
// cells up to the next tab stop, as the browser draws them; every other
// UTF-16 unit is one cell, which is wrong only for wide (CJK, emoji) text,
// where a hover then lands a little off, never on another line.
//
//   const pos = positionAt(text, row, cell);      // {line, col} or null past a line's end
//   cellOf(text, pos.line, pos.col)               // back to the cell
//   wordAt(text, pos.line, pos.col)               // {word, line, start, end} or null

const WORD = /[A-Za-z0-9_$]/;

function lineText(text, line) {
  return text.split('\n')[line - 1];
}

function cellWidth(ch, cell, tabSize) {
  return ch === '\t' ? tabSize - (cell % tabSize) : 1;
}

// The character under the 0-based cell of the 0-based row, or null.
export function positionAt(text, row, cell, tabSize = 8) {
  const s = lineText(text, row + 1);
  if (s === undefined || row < 0 || cell < 0) return null;
  for (let i = 0, at = 0; i < s.length; i++) {
    const w = cellWidth(s[i], at, tabSize);
    if (cell < at + w) return { line: row + 1, col: i + 1 };
    at += w;
  }
  return null;
}

// The 0-based cell where the 1-based (line, col) starts.
export function cellOf(text, line, col, tabSize = 8) {
  const s = lineText(text, line) ?? '';
  let at = 0;
  for (let i = 0; i < Math.min(col - 1, s.length); i++) at += cellWidth(s[i], at, tabSize);
  return at;
}

// The identifier at 1-based (line, col): start and end are 1-based columns,
// end exclusive.
export function wordAt(text, line, col) {
  const s = lineText(text, line);
  if (s === undefined || !WORD.test(s[col - 1] ?? '')) return null;
  let start = col - 1, end = col;
  while (start > 0 && WORD.test(s[start - 1])) start--;
  while (end < s.length && WORD.test(s[end])) end++;
  return { word: s.slice(start, end), line, start: start + 1, end: end + 1 };
}

// The 1-based (line, col) of a string offset (a textarea's caret).
export function lineColOf(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before.at(-1).length + 1 };
}
