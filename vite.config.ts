import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compileHints, isAppEntry } from './scripts/compile-hints.ts';

// What the entry (the home page's first load) names for each lazy import to fetch alongside it costs the home page's
// gzip per file name (docs/decisions/068, about 2 KB in all). The entry keeps the lists of the pages a shopper goes to
// from the home page (shop, product, cart), so their imports still come in one round trip; other pages fetch their
// imports as they run, one round trip later. Files the entry has loaded already are never listed.
const PRELOADED_FROM_ENTRY = /^assets\/(shop-page|product-route|cart-route|carousel-engine)-[\w-]+\.js$/;
let entryFiles = new Set<string>();

/** Records the entry chunk's static imports before Vite writes the entry's preload lists. */
function entryImports(): Plugin {
  return {
    name: 'entry-imports',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find(isAppEntry);
        entryFiles = new Set(entry ? [entry.fileName, ...entry.imports] : []);
      },
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), tailwindcss(), entryImports(), compileHints()],
  resolve: {
    // wouter imports React 17's useSyncExternalStore polyfill; React 19 has its own (0.25 KB of the home page's gzip)
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // the server names a rendered page's route chunk from it (modulepreload), decision 021
    manifest: true,
    target: 'es2022',
    modulePreload: {
      resolveDependencies: (file, deps, { hostId }) => {
        if (!entryFiles.has(hostId)) return deps;
        return PRELOADED_FROM_ENTRY.test(file) ? deps.filter((dep) => !entryFiles.has(dep)) : [];
      },
    },
    rollupOptions: {
      // paint-first.ts: the script a server-rendered page runs instead of the entry (decision 021, "Paint first")
      input: {
        index: fileURLToPath(new URL('src/client/index.html', import.meta.url)),
        'paint-first': fileURLToPath(new URL('src/client/paint-first.ts', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
