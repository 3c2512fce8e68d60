// The Files tab's column widths (issue 29): the picker and the editor are
// dragged by a splitter, the chat takes the rest; kept in localStorage. Pure:
// tests/webapp/columns.test.mjs.
//
//   let w = loadColumns(localStorage.getItem(COLUMNS_KEY));   // {picker: 280, editor: null}
//   w = dragColumn(w, 'picker', +40, 1400);
//   localStorage.setItem(COLUMNS_KEY, JSON.stringify(w));

export const COLUMNS_KEY = 'ac-dc-columns';
// editor null: not dragged yet, it shares the room with the chat (1.2 : 1),
// so a wide window gets a side-by-side merge view.
export const DEFAULT_COLUMNS = { picker: 280, editor: null };
const MIN = { picker: 160, editor: 280 };
// What the chat keeps at least, so no drag hides it.
const CHAT_MIN = 300;

export function loadColumns(saved) {
  try {
    const w = JSON.parse(saved ?? 'null');
    return { picker: num(w?.picker, DEFAULT_COLUMNS.picker), editor: num(w?.editor, null) };
  } catch {
    return { ...DEFAULT_COLUMNS };
  }
}

function num(v, fallback) {
  return Number.isFinite(v) && v > 0 ? Math.round(v) : fallback;
}

// `column` grows by dx pixels (the editor's splitter is on its left, so the
// caller passes -dx for it), within its minimum and what leaves the chat
// CHAT_MIN of `total`. A null width is the column's width on screen, which
// the caller measures into `widths` first.
export function dragColumn(widths, column, dx, total) {
  const other = (column === 'picker' ? widths.editor : widths.picker) ?? 0;
  const max = Math.max(MIN[column], total - other - CHAT_MIN);
  return { ...widths, [column]: Math.round(Math.min(max, Math.max(MIN[column], widths[column] + dx))) };
}
