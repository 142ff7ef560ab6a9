// npm run build (after vite build): the server and the client tree it renders (decision 021), compiled
// into one ES module with its source map, so `npm start` runs plain JavaScript (decision 030).
// `tsx scripts/build-server.ts [outdir]`; the default is dist/server.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_SERVER_OUTDIR = path.join(ROOT, 'dist/server');

/**
 * Files find what they read at run time (the migrations, package.json, the built client) relative to
 * their own `import.meta.url`. In one bundle every file would share the bundle's URL, so each mention
 * becomes that file's source location, relative to the bundle: the bundle keeps reading the same files
 * as tsx does, wherever in the project the bundle is written.
 */
function sourceFileUrls(outdir: string): Plugin {
  return {
    name: 'source-file-urls',
    setup(context) {
      context.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
        const source = await readFile(file, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, file).split(path.sep).join('/');
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
          loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/**
 * Writes `main.js`, `catalog-worker.js`, their chunks and source maps into outdir (absolute, or relative to the project). The outdir must
 * be inside the project: the packages left out of the bundle are found in its node_modules.
 */
export async function buildServer(outdir = DEFAULT_SERVER_OUTDIR): Promise<string> {
  const absolute = path.resolve(ROOT, outdir);
  await build({
    absWorkingDir: ROOT,
    // the catalogue's worker thread (decision 085) is started from a file of its own beside main.js
    entryPoints: [
      { in: 'src/server/main.ts', out: 'main' },
      { in: 'src/server/modules/catalog/catalog-worker.ts', out: 'catalog-worker' },
    ],
    outdir: absolute,
    bundle: true,
    // what the server imports lazily (the client's lazy routes with their charts and forms, the S3 and
    // carrier clients) stays in chunks of its own, loaded when first used: in one file their packages'
    // imports became the bundle's own and every start loaded them
    splitting: true,
    chunkNames: 'chunk-[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // only our own code: node_modules are loaded at run time as before (native sharp, PGlite's wasm, pg-boss's SQL)
    packages: 'external',
    jsx: 'automatic',
    // the client's stylesheets belong to Vite's build; a component importing one needs nothing on the server
    loader: { '.css': 'empty' },
    // stack traces name src/ files and lines (node --enable-source-maps); the sources themselves stay on
    // disk, so the map carries positions only
    sourcemap: true,
    sourcesContent: false,
    plugins: [sourceFileUrls(absolute)],
    // the bundle's own URL, where import.meta.url is rewritten to the source file's: what it starts is beside it
    define: { 'import.meta.bundleUrl': 'import.meta.url' },
    logLevel: 'warning',
  });
  return path.join(absolute, 'main.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = await buildServer(process.argv[2]);
  console.log(`server built: ${path.relative(process.cwd(), file)}`);
}
