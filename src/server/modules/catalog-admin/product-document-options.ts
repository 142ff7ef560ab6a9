import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ProductDocument } from '#common/schemas/product-document.ts';
import type { Transaction } from '#server/db/client.ts';
import { optionTypes, optionValues } from '#server/db/schema.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import { sortValueOf } from './product-document-checks.ts';
import type { TypeAxis } from '#server/modules/catalog/catalog-model-service.ts';

export interface ResolvedOptions {
  /** per variant: [axis id, value id] in the axes' order */
  values: Array<Array<[number, number]>>;
  /** per variant: its value ids ascending and comma-joined, the key the combination index holds unique */
  keys: string[];
}

/**
 * A new value's place in its axis' order: after the last value whose number is at most its own (so sizes
 * sort as numbers, before labels without one), or last without a number. Values after it move down one.
 */
async function insertValue(tx: Transaction, optionTypeId: number, label: string): Promise<void> {
  const number = sortValueOf(label);
  const [after] = await tx
    .select({ position: sql<number>`coalesce(max(${optionValues.position}), 0)`.mapWith(Number) })
    .from(optionValues)
    .where(and(eq(optionValues.optionTypeId, optionTypeId), number === null ? undefined : lte(optionValues.sortValue, number.toString())));
  const position = after!.position + 1;
  if (number !== null)
    await tx
      .update(optionValues)
      .set({ position: sql`${optionValues.position} + 1` })
      .where(and(eq(optionValues.optionTypeId, optionTypeId), gte(optionValues.position, position)));
  await tx
    .insert(optionValues)
    .values({ optionTypeId, label, sortValue: number?.toString() ?? null, position })
    .onConflictDoNothing();
}

/**
 * Option labels -> the shared option values, created on first use (with the number the label sorts
 * by, in its place in the axis' order). Concurrent saves adding the same label both end on one row: the
 * insert skips a conflict and the select after it sees the committed winner. Values in `known` (by
 * `${axis id}:${label}`, read before) are taken from there.
 */
export async function resolveOptionValues(
  tx: Transaction,
  axes: TypeAxis[],
  doc: ProductDocument,
  known?: ReadonlyMap<string, number>,
): Promise<ResolvedOptions> {
  const ids = new Map<string, number>();
  for (const axis of axes) {
    const labels = [...new Set(doc.variants.map((variant) => variant.options[axis.key]!))];
    const knownIds = labels.map((label) => known?.get(`${axis.id}:${label}`));
    if (knownIds.every((id) => id !== undefined)) {
      labels.forEach((label, index) => ids.set(`${axis.id}:${label}`, knownIds[index]!));
      continue;
    }
    const found = async () =>
      tx
        .select({ id: optionValues.id, label: optionValues.label })
        .from(optionValues)
        .where(and(eq(optionValues.optionTypeId, axis.id), inArray(optionValues.label, labels)));
    let rows = await found();
    const missing = labels.filter((label) => !rows.some((row) => row.label === label));
    if (missing.length) {
      // one writer of new values per axis at a time, so their places do not cross (no key update: others' variants still reference it)
      await tx.select({ id: optionTypes.id }).from(optionTypes).where(eq(optionTypes.id, axis.id)).for('no key update');
      for (const label of missing) await insertValue(tx, axis.id, label);
      rows = await found();
    }
    for (const row of rows) ids.set(`${axis.id}:${row.label}`, row.id);
  }
  const values = doc.variants.map((variant) => axes.map((axis): [number, number] => [axis.id, ids.get(`${axis.id}:${variant.options[axis.key]}`)!]));
  const keys = values.map((pairs) =>
    pairs
      .map(([, valueId]) => valueId)
      .sort((a, b) => a - b)
      .join(','),
  );
  const firstWithKey = new Map<string, number>();
  keys.forEach((key, index) => {
    const earlier = firstWithKey.get(key);
    if (earlier === undefined) return void firstWithKey.set(key, index);
    const combination = axes.map((axis) => doc.variants[index]!.options[axis.key]).join(' / ') || 'no options';
    const message = `Variants ${earlier + 1} and ${index + 1} are the same combination (${combination}): each combination is sold once`;
    throw invalidInput(message, [{ path: `variants.${index}.options`, message }]);
  });
  return { values, keys };
}
