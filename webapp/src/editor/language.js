// The CodeMirror language of a core/languages.js id: the Lezer grammars where
// CodeMirror has one, the legacy stream parsers for CMake and shell. Each is
// its own lazy chunk, read when a file of its language is first opened: all
// of them in the editor's chunk would add about 150 KB gzipped to it.
//
//   const language = await loadLanguage('python');
//   EditorState.create({ doc, extensions: [language] })

const LOAD = {
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  jsx: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ jsx: true })),
  typescript: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  tsx: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true, jsx: true })),
  c: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),      // the C++ grammar reads C; CodeMirror has no C of its own
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  yaml: () => import('@codemirror/lang-yaml').then((m) => m.yaml()),
  cmake: () => Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/cmake')])
    .then(([l, m]) => l.StreamLanguage.define(m.cmake)),
  shell: () => Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/shell')])
    .then(([l, m]) => l.StreamLanguage.define(m.shell)),
};

// [] for plain text, or when the chunk cannot be read (the file still opens).
export async function loadLanguage(id) {
  try {
    return (await LOAD[id]?.()) ?? [];
  } catch {
    return [];
  }
}
