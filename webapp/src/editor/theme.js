// The editor's look in the page's dark palette (styles.css's variables), and
// the colours of the tokens @lezer/highlight's classHighlighter names
// (tok-keyword, tok-string, ...): stable class names a test can find.

import { EditorView } from '@codemirror/view';

const TOKENS = {
  keyword: '#c678dd', operator: '#56b6c2', string: '#98c379', string2: '#98c379', number: '#d19a66',
  bool: '#d19a66', atom: '#d19a66', comment: '#7f848e', typeName: '#e5c07b', className: '#e5c07b',
  namespace: '#e5c07b', macroName: '#e06c75', propertyName: '#e06c75', variableName2: '#e06c75',
  definition: '#61afef', meta: '#7f848e', heading: '#e06c75', link: '#61afef', url: '#56b6c2', invalid: '#ff5555',
};

const tokenRules = Object.fromEntries(Object.entries(TOKENS).map(([name, color]) => [`.tok-${name}`, { color }]));

export const editorTheme = EditorView.theme({
  '&': { fontSize: '12px', backgroundColor: 'var(--bg)', color: 'var(--fg)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, monospace', lineHeight: '18px' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--dim)', borderRight: '1px solid var(--line)' },
  '.cm-activeLine': { backgroundColor: '#ffffff08' },
  '.cm-activeLineGutter': { backgroundColor: '#ffffff10' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#3e4451' },
  '.cm-marked-line': { backgroundColor: '#2b3a55', boxShadow: 'inset 3px 0 var(--accent)' },
  '.cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--fg)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', border: '1px solid var(--line)' },
  '.cm-content.link-cursor': { cursor: 'pointer' },
  ...tokenRules,
}, { dark: true });
