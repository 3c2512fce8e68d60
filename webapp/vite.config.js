// Vite build of the webapp into webapp/dist (run from the repository root:
// `npm run build:webapp`). base './' keeps the build origin-agnostic: the host
// serves it from whatever port it got.
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // jrpc-oo's browser bundle guards its CommonJS export with typeof module: harmless.
    rolldownOptions: { checks: { commonJsVariableInEsm: false } },
  },
});
