// size-budget.js -- a Vite plugin that fails `npm run build:webapp` when the
// webapp outgrows issue 29's budgets, gzipped as a browser fetches them:
//   - the first load: index.html, the entry script with every chunk it
//     imports statically, and the CSS those chunks bring: at most 150 KB;
//   - the editor: the file editor's chunk with what it imports statically
//     beyond the first load (CodeMirror's core): at most 250 KB.
// The browser test perf.test.mjs measures what Chromium really fetches; this
// check catches a regression at the build, before any test runs.
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET = 150 * 1024;
export const EDITOR_BUDGET = 250 * 1024;

// `name` and every chunk it imports statically, transitively.
function closure(bundle, name, into = new Set()) {
  if (into.has(name) || !bundle[name]) return into;
  into.add(name);
  for (const next of bundle[name].imports ?? []) closure(bundle, next, into);
  return into;
}

function gzipped(bundle, names) {
  let bytes = 0;
  for (const name of names) {
    const file = bundle[name];
    bytes += gzipSync(file.type === 'chunk' ? file.code : file.source).length;
  }
  return bytes;
}

function cssOf(bundle, names) {
  return [...names].flatMap((name) => [...(bundle[name].viteMetadata?.importedCss ?? [])]);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function sizeBudget() {
  return {
    name: 'acdc-size-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const editor = chunks.find((c) => c.facadeModuleId?.endsWith('/components/file-editor.js'));
      if (!entry || !editor) this.error('size budget: the build has no entry chunk or no file-editor chunk to measure');
      const first = closure(bundle, entry.fileName);
      const html = Object.keys(bundle).filter((name) => name.endsWith('.html'));
      const firstBytes = gzipped(bundle, [...first, ...cssOf(bundle, first), ...html]);
      const lazy = [...closure(bundle, editor.fileName)].filter((name) => !first.has(name));
      const editorBytes = gzipped(bundle, [...lazy, ...cssOf(bundle, lazy)]);
      this.info(`first load ${kb(firstBytes)} gzipped (budget ${kb(FIRST_LOAD_BUDGET)}), ` +
                `editor ${kb(editorBytes)} (budget ${kb(EDITOR_BUDGET)})`);
      if (firstBytes > FIRST_LOAD_BUDGET)
        this.error(`the first load is ${kb(firstBytes)} gzipped, over its ${kb(FIRST_LOAD_BUDGET)} budget: ` +
                   'load the new code lazily (a dynamic import) or make it smaller');
      if (editorBytes > EDITOR_BUDGET)
        this.error(`the editor's chunks are ${kb(editorBytes)} gzipped, over their ${kb(EDITOR_BUDGET)} budget: ` +
                   'keep languages and rarely used extensions in lazy chunks of their own');
    },
  };
}
