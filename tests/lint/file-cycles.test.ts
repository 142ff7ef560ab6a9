import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// No two files import each other, through any number of files, counting `import type`: import-x/no-cycle
// skips type-only imports, and module-loops.test.ts folds files into modules, so a loop of types through
// the composition root (a module importing the root's types, the root importing the module's) passed both.

const root = path.resolve(import.meta.dirname, '../..');

/** Each import loop among the files under the given folders (from the root), as the files it goes through back to the first. */
async function fileCycles(...sourceDirs: string[]): Promise<string[][]> {
  const result = await cruise(
    sourceDirs,
    {
      // files are named from the repository's root, wherever the test runs from
      baseDir: root,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '\\.test\\.tsx?$' },
      // the type-only imports TypeScript erases count too
      tsPreCompilationDeps: true,
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
    },
    { extensions: ['.ts', '.tsx'], importsFields: ['imports'] },
  );
  if (typeof result.output === 'string') throw new Error('expected the JSON graph');
  return result.output.summary.violations.map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]);
}

describe('file dependencies', () => {
  it('have no loops in src/server and src/common, type-only imports included', async () => {
    expect(await fileCycles('src/server', 'src/common')).toEqual([]);
  }, 60_000);

  it('a loop of type-only imports between two files is found (fixture)', async () => {
    const fixture = 'tests/lint-fixtures/type-cycle';
    expect(await fileCycles(fixture)).toContainEqual([`${fixture}/order.ts`, `${fixture}/payment.ts`, `${fixture}/order.ts`]);
  }, 60_000);
});
