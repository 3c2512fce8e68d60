// size-budget.js -- a Vite plugin that fails `npm run build:webapp` when the
// webapp outgrows issue 29's budgets, gzipped as a browser fetches them:
//   - the first load: index.html, the entry script with every chunk it
//     imports statically, and the CSS those chunks bring: at most 150 KB;
//   - the editor: the file editor's chunk with what it imports statically
//     beyond the first load (CodeMirror's core): at most 250 KB;
//   - the terminal (issue 39): the terminal panel's chunk with xterm.js and
//     its stylesheet, loaded when the panel first opens: at most 100 KB
//     (68.7 KB with xterm.js 5.5 and its fit addon; a renderer addon would
//     belong in a lazy chunk of its own).
// The browser test perf.test.mjs measures what Chromium really fetches; this
// check catches a regression at the build, before any test runs.
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET = 150 * 1024;
export const EDITOR_BUDGET = 250 * 1024;
export const TERMINAL_BUDGET = 100 * 1024;

// The lazy chunks with budgets of their own: each element's chunk with what
// it imports statically beyond the first load.
const LAZY = [
  { name: 'editor', module: '/components/file-editor.js', budget: EDITOR_BUDGET,
    advice: 'keep languages and rarely used extensions in lazy chunks of their own' },
  { name: 'terminal', module: '/components/terminal-panel.js', budget: TERMINAL_BUDGET,
    advice: 'load xterm.js addons lazily, or keep the panel\'s own code small' },
];

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
      if (!entry) this.error('size budget: the build has no entry chunk to measure');
      const first = closure(bundle, entry.fileName);
      const html = Object.keys(bundle).filter((name) => name.endsWith('.html'));
      const firstBytes = gzipped(bundle, [...first, ...cssOf(bundle, first), ...html]);
      const figures = [`first load ${kb(firstBytes)} gzipped (budget ${kb(FIRST_LOAD_BUDGET)})`];
      const over = [];
      if (firstBytes > FIRST_LOAD_BUDGET)
        over.push(`the first load is ${kb(firstBytes)} gzipped, over its ${kb(FIRST_LOAD_BUDGET)} budget: ` +
                  'load the new code lazily (a dynamic import) or make it smaller');
      for (const { name, module, budget, advice } of LAZY) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) this.error(`size budget: the build has no chunk for ${module} to measure`);
        const lazy = [...closure(bundle, chunk.fileName)].filter((file) => !first.has(file));
        const bytes = gzipped(bundle, [...lazy, ...cssOf(bundle, lazy)]);
        figures.push(`${name} ${kb(bytes)} (budget ${kb(budget)})`);
        if (bytes > budget) over.push(`the ${name}'s chunks are ${kb(bytes)} gzipped, over their ${kb(budget)} budget: ${advice}`);
      }
      this.info(figures.join(', '));
      if (over.length) this.error(over.join('; '));
    },
  };
}
