import fc from 'fast-check';
import { junkFor } from './junk-values.ts';

type Path = (string | number)[];

/** Where a value can be changed: every field and element, at every depth. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at];
  const children = Array.isArray(value) ? value.map((child, index) => [index, child] as const) : Object.entries(value);
  return [at, ...children.flatMap(([key, child]) => pathsOf(child, [...at, key]))];
}

/** How many fields and elements a body has: about how many runs it takes to change each once. */
export const placesIn = (value: unknown): number => pathsOf(value).length;

type Change = { kind: 'replace'; with: unknown } | { kind: 'remove' } | { kind: 'repeat' };

function changed(value: unknown, path: Path, change: Change): unknown {
  if (path.length === 0) return change.kind === 'replace' ? change.with : change.kind === 'remove' ? undefined : [value, value];
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const child = changed(copy[key as number], rest, change);
    if (child === undefined && rest.length === 0) copy.splice(key as number, 1);
    else copy[key as number] = child;
    return copy;
  }
  const record = value as Record<string, unknown>;
  const child = changed(record[key as string], rest, change);
  const entries = Object.entries(record).filter(([name]) => name !== key || child !== undefined);
  return Object.fromEntries(entries.map(([name, old]) => [name, name === key ? child : old]));
}

/**
 * A body the shop accepts (captured from its own answers), with one field or element replaced by junk,
 * removed or repeated: it passes every check but one, deep in a document the schemas alone rarely reach.
 */
export function mutatedExamples(examples: readonly unknown[]): fc.Arbitrary<unknown> {
  const change = (path: Path): fc.Arbitrary<Change> =>
    fc.oneof(
      { weight: 4, arbitrary: junkFor(path.at(-1)).map((value): Change => ({ kind: 'replace', with: value })) },
      { weight: 1, arbitrary: fc.constant<Change>({ kind: 'remove' }) },
      { weight: 1, arbitrary: fc.constant<Change>({ kind: 'repeat' }) },
    );
  return fc
    .constantFrom(...examples)
    .chain((example) => fc.constantFrom(...pathsOf(example)).chain((path) => fc.tuple(fc.constant(example), fc.constant(path), change(path))))
    .map(([example, path, how]) => changed(example, path, how) ?? {});
}
