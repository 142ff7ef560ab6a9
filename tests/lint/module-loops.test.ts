import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// Modules may depend on each other one way only. dependency-cruiser reads the import graph; it is
// folded here to one node per module folder, where a loop shows even when no single file loops.

const root = path.resolve(import.meta.dirname, '../..');

async function moduleLoops(sourceDir: string): Promise<string[][]> {
  const result = await cruise(
    [sourceDir],
    { doNotFollow: { path: 'node_modules' }, exclude: { path: '(\\.test\\.ts$|/test/)' }, tsPreCompilationDeps: true },
    { extensions: ['.ts', '.tsx'], importsFields: ['imports'] },
  );
  if (typeof result.output === 'string') throw new Error('expected the JSON graph');
  const moduleOf = (file: string) => /(?:^|\/)modules\/([^/]+)\//.exec(file)?.[1] ?? null;
  const edges = new Map<string, Set<string>>();
  for (const file of result.output.modules) {
    const from = moduleOf(file.source);
    if (!from) continue;
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // every module path that comes back to where it started, each loop once
  const loops = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) loops.add([...trail].sort().join(' <-> '));
      else if (!trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const start of edges.keys()) walk(start, start, [start]);
  return [...loops].map((loop) => loop.split(' <-> '));
}

describe('module dependencies', () => {
  it('have no loops in src/server/modules', async () => {
    expect(await moduleLoops(path.join(root, 'src/server'))).toEqual([]);
  }, 60_000);

  it('a loop between two modules is found (fixture)', async () => {
    expect(await moduleLoops(path.join(root, 'tests/lint-fixtures/module-loop'))).toEqual([['orders', 'payments']]);
  }, 60_000);
});
