// The line a file was opened at (a search hit, a definition, a reference)
// stays marked, and the caret goes there: `data-marked-line` names it.
//
//   extensions: [markedLine]
//   openAtLine(view, 12)

import { StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';

const setMark = StateEffect.define();

export const markedLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) {
      if (e.is(setMark)) {
        const line = tr.state.doc.line(e.value);
        return Decoration.set([Decoration.line({ class: 'cm-marked-line', attributes: { 'data-marked-line': String(e.value) } })
          .range(line.from)]);
      }
    }
    return marks.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

// A line past the end opens the last one.
export function openAtLine(view, number) {
  const line = view.state.doc.line(Math.min(Math.max(1, number), view.state.doc.lines));
  view.dispatch({ selection: { anchor: line.from }, effects: [setMark.of(line.number),
    EditorView.scrollIntoView(line.from, { y: 'center' })] });
  view.focus();
}
