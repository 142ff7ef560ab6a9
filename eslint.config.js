import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

// Import rules (docs/architecture.md): common imports neither side; the browser never sees the server;
// a client feature does not reach into another feature (compose in app/).
const clientFeatures = readdirSync('src/client/features');
// A server module is entered only through its service files (`<module>/*-service.ts`, its public
// surface); everything else in a module, routes included, is internal to it.
// Each rule here has a fixture that breaks it in tests/lint-fixtures and a test that lint reports it.
const serverModules = readdirSync('src/server/modules');
const serviceFiles = ['**/src/server/modules/*/*-service.ts'];

const zones = [
  { target: './src/common', from: './src/client', message: 'common imports nothing from client' },
  { target: './src/common', from: './src/server', message: 'common imports nothing from server' },
  { target: './src/client', from: './src/server', message: 'the browser never imports server code' },
  // the server renders the storefront from the client's tree and query options, through one declared file (decision 021)
  {
    target: './src/server',
    from: './src/client',
    except: ['./ssr-entry.tsx'],
    message: 'the server imports client code only through src/client/ssr-entry.tsx',
  },
  { target: './src/client/lib', from: ['./src/client/features', './src/client/app'], message: 'client lib is below features and app: it imports neither' },
  {
    target: './src/client/components',
    from: ['./src/client/features', './src/client/app'],
    message: 'UI primitives are below features and app: they import neither',
  },
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'a feature does not import another feature; compose them in src/client/app',
  })),
  ...serverModules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: `./src/server/modules/!(${module})/**`,
    except: serviceFiles,
    message: 'a server module enters another only through its *-service.ts files; the rest of a module (routes included) is internal',
  })),
  // the composition root hands each module what its *-deps.ts declares (decision 039); a module importing
  // the root would depend on every module the root builds
  {
    target: './src/server/modules',
    from: ['./src/server/app.ts', './src/server/services.ts', './src/server/main.ts'],
    message: 'a server module does not import the composition root (app.ts, services.ts, main.ts): it is handed what it declares',
  },
];

// Outside the modules the server goes through the same service files; only app.ts, which registers
// the route plugins and the app's hooks, reaches further (and tests, which may set up anything).
const compositionZones = [
  {
    target: './src/server',
    from: './src/server/modules/**',
    except: serviceFiles,
    message: "outside the modules only app.ts reaches past a module's *-service.ts files",
  },
];

// the layers below the modules (tests of them may drive the whole app)
const layerZones = [
  { target: './src/server/http', from: './src/server/modules', message: 'the HTTP layer is below the modules: modules use it, it does not use them' },
  { target: './src/server/db', from: './src/server/modules', message: 'the database layer is below the modules: it imports none' },
  {
    target: './src/server/errors',
    from: ['./src/server/modules', './src/server/http'],
    message: 'the domain errors are below the modules and the HTTP layer: they import neither',
  },
];

// a module's services say what went wrong in the shop's words (#server/errors/domain-errors.ts); only its
// route files, like http/ itself, speak HTTP (decision 038)
const httpErrorZones = [
  {
    target: './src/server/modules',
    from: './src/server/http/errors.ts',
    message: 'outside its route files a module throws domain errors (#server/errors/domain-errors.ts), not HTTP errors',
  },
];

export default tseslint.config(
  {
    ignores: [
      'tests/lint-fixtures/**',
      'dist/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // without the TypeScript parser and extensions the import rules skip every .ts file
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/server/http/**/*.ts', 'src/server/db/**/*.ts', 'src/server/errors/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...layerZones] }] },
  },
  {
    files: ['src/server/modules/**/*.ts', 'src/server/modules/**/*.tsx'],
    ignores: ['**/*routes.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...httpErrorZones] }] },
  },
  {
    files: ['src/server/*.ts', 'src/server/seed/**/*.ts'],
    ignores: ['src/server/app.ts', '**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...compositionZones] }] },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
