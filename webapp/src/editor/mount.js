// Puts a file into a parent element as one CodeMirror pane, HEAD and the
// working copy side by side in a MergeView (aligned by its spacers), or one
// pane with HEAD's lines shown deleted inline (unifiedMergeView), as
// core/editor-layout.js chose. The working copy is the pane that edits
// (`data-side="work"`); HEAD is read-only (`data-side="head"`).
//
//   const editor = mountEditor(el, { layout: 'split', head, work, language: await loadLanguage('python'),
//     editable: true, keys: [{ key: 'Mod-s', run: save }], extensions: [lsp] });
//   editor.view            // the working copy's EditorView
//   editor.destroy()

import { EditorState, Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  drawSelection, dropCursor } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { syntaxHighlighting, bracketMatching, indentOnInput, foldGutter, foldKeymap } from '@codemirror/language';
import { search, searchKeymap, highlightSelectionMatches, gotoLine } from '@codemirror/search';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { MergeView, unifiedMergeView, goToNextChunk, goToPreviousChunk, getChunks } from '@codemirror/merge';
import { classHighlighter } from '@lezer/highlight';
import { editorTheme } from './theme.js';
import { markedLine } from './marked-line.js';

// Alt+F5 / Shift+Alt+F5 as VS Code's diff editor; Alt+G for go to line
// (CodeMirror's own Mod-Alt-g stays too).
const NAVIGATION = [
  { key: 'Alt-F5', run: goToNextChunk, preventDefault: true },
  { key: 'Shift-Alt-F5', run: goToPreviousChunk, preventDefault: true },
  { key: 'Alt-g', run: gotoLine, preventDefault: true },
];

function paneExtensions({ language, editable, keys, side }) {
  return [
    // Files are saved byte for byte: a '\r' stays part of its line.
    EditorState.lineSeparator.of('\n'),
    EditorState.readOnly.of(!editable), EditorView.editable.of(editable),
    EditorView.editorAttributes.of({ 'data-side': side }),
    lineNumbers(), foldGutter(), highlightActiveLineGutter(), highlightSpecialChars(), history(), drawSelection(),
    dropCursor(), indentOnInput(), syntaxHighlighting(classHighlighter), bracketMatching(), closeBrackets(),
    highlightActiveLine(), highlightSelectionMatches(), search({ top: true }), markedLine,
    keymap.of([...keys, ...NAVIGATION, ...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap,
      ...foldKeymap]),
    language, editorTheme,
  ];
}

export function mountEditor(parent, { layout, head, work, language, editable, keys = [], extensions = [] }) {
  const workPane = { language, editable, keys, side: 'work' };
  if (layout === 'split') {
    const merge = new MergeView({ parent, gutter: true, highlightChanges: true,
      a: { doc: head, extensions: paneExtensions({ language, editable: false, keys, side: 'head' }) },
      b: { doc: work, extensions: [paneExtensions(workPane), extensions] } });
    return { view: merge.b, destroy: () => merge.destroy() };
  }
  const inline = layout === 'unified'
    ? unifiedMergeView({ original: Text.of(head.split('\n')), mergeControls: false, gutter: true }) : [];
  const view = new EditorView({ parent, state: EditorState.create({ doc: work,
    extensions: [paneExtensions(workPane), inline, extensions] }) });
  return { view, destroy: () => view.destroy() };
}

// The first changed line's start in the working copy, or null.
export function firstChange(view) {
  const chunk = getChunks(view.state)?.chunks[0];
  return chunk ? Math.min(chunk.fromB, view.state.doc.length) : null;
}

export { goToNextChunk, goToPreviousChunk, gotoLine };
