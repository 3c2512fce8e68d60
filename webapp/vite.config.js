// Vite build of the webapp into webapp/dist (run from the repository root:
// `npm run build:webapp`). base './' keeps the build origin-agnostic: the host
// serves it from whatever port it got.
import { defineConfig } from 'vite';
import { sizeBudget } from './size-budget.js';

export default defineConfig({
  base: './',
  plugins: [sizeBudget()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // jrpc-oo's browser bundle guards its CommonJS export with typeof module: harmless.
    rolldownOptions: {
      checks: { commonJsVariableInEsm: false },
      // CodeMirror's core, which every language chunk shares, as one chunk
      // named for what it is (the build names it after its first file,
      // "dist", otherwise). The languages stay chunks of their own.
      output: { codeSplitting: { groups: [
        { name: 'codemirror', test: /node_modules[\\/](@codemirror[\\/](state|view|language|commands|search|autocomplete|lint|merge)|@lezer[\\/](common|highlight|lr)|@marijn|style-mod|w3c-keyname|crelt)[\\/]/ },

      ] } },
    },
  },
});
