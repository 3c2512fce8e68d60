// The editor's language of a file, by its name: every language the symbol
// index parses (python, javascript, typescript, tsx, c, cpp: plugins/symbol-index
// lang/language.cpp, with the same extensions) plus Markdown, JSON, YAML,
// CMake and shell. null: plain text.
//
//   languageOf('src/a.tsx')        // 'tsx'
//   languageOf('CMakeLists.txt')   // 'cmake'

const BY_EXTENSION = {
  py: 'python', pyi: 'python',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  c: 'c', h: 'c',
  cpp: 'cpp', cc: 'cpp', cxx: 'cpp', hpp: 'cpp', hxx: 'cpp', hh: 'cpp', ipp: 'cpp',
  md: 'markdown', markdown: 'markdown',
  json: 'json', jsonc: 'json',
  yaml: 'yaml', yml: 'yaml',
  cmake: 'cmake',
  sh: 'shell', bash: 'shell', zsh: 'shell',
};

const BY_NAME = { 'CMakeLists.txt': 'cmake', '.bashrc': 'shell', '.profile': 'shell', '.zshrc': 'shell' };

export function languageOf(path) {
  const name = path.split('/').pop();
  if (BY_NAME[name]) return BY_NAME[name];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null : null;
}
