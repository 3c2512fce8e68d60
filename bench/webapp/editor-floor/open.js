// Mounts a document (or HEAD and the working copy) into a parent and opens it
// at its first change, as <ac-file-editor> does (floor.js says which way).
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { syntaxHighlighting } from '@codemirror/language';
import { MergeView, getChunks } from '@codemirror/merge';
import { classHighlighter } from '@lezer/highlight';
import { mountEditor } from '../../../webapp/src/editor/mount.js';
import { loadLanguage } from '../../../webapp/src/editor/language.js';

// The sides as the webapp marks them, which editor-open.mjs looks for.
const side = (name) => EditorView.editorAttributes.of({ 'data-side': name });
const highlight = syntaxHighlighting(classHighlighter);   // the webapp's tok-* classes

function mountBare(parent, layout, head, text, python) {
  if (layout === 'split') {
    const merge = new MergeView({ parent, a: { doc: head, extensions: [python(), highlight, side('head')] },
      b: { doc: text, extensions: [python(), highlight, side('work')] } });
    return merge.b;
  }
  return new EditorView({ parent, state: EditorState.create({ doc: text, extensions: [python(), highlight, side('work')] }) });
}

export async function open(parent, { mode, layout, head, work: text }) {
  // Python is a lazy chunk of its own in both, as in the webapp.
  const view = mode === 'acdc'
    ? mountEditor(parent, { layout, head, work: text, language: await loadLanguage('python'), editable: true }).view
    : mountBare(parent, layout, head, text, (await import('@codemirror/lang-python')).python);
  const chunk = getChunks(view.state)?.chunks[0];
  if (chunk) view.dispatch({ selection: { anchor: chunk.fromB }, effects: EditorView.scrollIntoView(chunk.fromB, { y: 'center' }) });
  window.view = view;
}
