import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The client's component tests (`src/client/**/*.test.tsx`) run in happy-dom with
// Testing Library's matchers; everything else runs in node as before.
const componentTests = ['src/client/**/*.test.tsx'];
// Server tests that replace a module (vi.mock) load the server afresh: in a worker that keeps its modules,
// an earlier file has already loaded the real one.
const mockingTests = ['src/server/modules/accounts/authenticate.test.ts'];
const serverTests = {
  environment: 'node',
  // the migrations run once per run, and each test shop starts from a migrated copy
  globalSetup: ['src/server/test/database-templates.ts'],
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default (one worker fewer than the cores) leaves a 2-core CI machine one file at a time, while
    // most files wait on a database, a child process or a hash; two at a time keep both cores busy
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...componentTests, ...mockingTests],
          ...serverTests,
          // a worker keeps the modules it has loaded from one file to the next: importing the server afresh for
          // each of some 300 files was a third of a run's time. The server keeps no state in its modules that is
          // not keyed by its database or app, and each file builds its own app
          isolate: false,
        },
      },
      { extends: true, test: { name: 'node-mocking', include: mockingTests, ...serverTests } },
      {
        extends: true,
        test: {
          name: 'dom',
          include: componentTests,
          environment: 'happy-dom',
          setupFiles: ['src/client/test/setup-dom.ts'],
        },
      },
    ],
  },
});
