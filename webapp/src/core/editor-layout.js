// How the editor shows a file: one pane when it is as in HEAD (or not in HEAD
// at all: a new file has nothing to align with), else HEAD and the working
// copy aligned, side by side when each half gets a useful width, unified
// (HEAD's lines shown deleted inline) when the pane is narrow.
//
//   const changed = differsFromHead(head, work);      // once, when the file is read
//   layoutFor({ changed, width: 600 })                 // 'unified'

// Below this a half is under ~360 px: with line numbers and the change
// gutter, about 40 columns of code, too few to read a diff side by side.
export const SPLIT_MIN_WIDTH = 720;

// `head` null: the file is not in HEAD.
export function differsFromHead(head, work) {
  return head !== null && head !== work;
}

export function layoutFor({ changed, width }) {
  if (!changed) return 'single';
  return width >= SPLIT_MIN_WIDTH ? 'split' : 'unified';
}
