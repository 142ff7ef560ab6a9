import type { KnipConfig } from 'knip';

// Every finding fails `npm run knip`: unused files, dependencies, exports, types and duplicate exports.
// A module exports only what other files import (a client API file keeps its fetcher to itself when
// only its query options are used); a deliberate public surface nothing imports yet says so with /** @public */.
const config: KnipConfig = {
  entry: [
    'src/client/main.tsx',
    // vite.config.ts names it as the second entry (decision 021, "Paint first")
    'src/client/paint-first.ts',
    // scripts/build-server.ts names them to esbuild (the second runs in a worker thread, decision 085)
    'src/server/main.ts',
    'src/server/modules/catalog/catalog-worker.ts',
    'bench/*.ts',
    // the child processes bench/peers/run.ts starts by file name
    'bench/peers/peer-load.ts',
    'bench/peers/vendure-app.ts',
    'scripts/*.ts',
    'tests/e2e/**/*.test.ts',
    'tests/e2e/support/variant-catalogue.ts',
    // playwright.config.ts starts it beside the shop, by file name
    'tests/e2e/support/fake-easypost-server.ts',
    'tests/lint/**/*.test.ts',
    'src/**/*.test.{ts,tsx}',
    // started as a child process by the embedded PostgreSQL test
    'src/server/test/embedded-postgres-child.ts',
  ],
  project: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
  // the lint proofs break the rules on purpose
  ignore: ['tests/lint-fixtures/**'],
  rules: { exports: 'error', types: 'error', duplicates: 'error' },
  ignoreDependencies: [
    // imported from the stylesheet (@import "tailwindcss"), which knip does not read
    'tailwindcss',
    // the types of smtp-server, which only the SMTP test imports
    '@types/smtp-server',
    // comes with lighthouse; the bench starts Chromium through it
    'chrome-launcher',
    // the Chromium of last resort, imported by a child process scripts/chromium.ts starts (its API is async)
    '@sparticuz/chromium',
  ],
};

export default config;
