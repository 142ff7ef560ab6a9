import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // the server names a rendered page's route chunk from it (modulepreload), decision 021
    manifest: true,
    target: 'es2022',
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
