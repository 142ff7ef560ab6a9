import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { optionTypes, optionValues, products, productTypeOptions, productTypes, productVariants, variantOptionValues } from '#server/db/schema.ts';
import { conflict, DomainError, notFound } from '#server/errors/domain-errors.ts';
import type { CatalogReferences } from './catalog-references.ts';
import { namedList } from './named-products.ts';
import { sortValueOf } from './product-document-checks.ts';
import { refreshProductTerms } from './product-terms.ts';
import { assertSameSet } from './product-type-admin-service.ts';

// The variant axes and their shared values as the owner edits them: one "4 1/4 in" for the whole
// catalogue, so a rename shows on every product that sells it. Order items keep the labels they were
// sold with (order_items.variant_name), so old orders read the same after a rename or a delete.

async function lockedAxis(tx: Transaction, id: number) {
  const [axis] = await tx.select().from(optionTypes).where(eq(optionTypes.id, id)).for('update');
  if (!axis) throw notFound('Option axis not found');
  return axis;
}

/** The value and its axis; the lock waits out, and then holds off, any variant being saved with it. */
async function lockedValue(tx: Transaction, id: number) {
  const [value] = await tx.select().from(optionValues).where(eq(optionValues.id, id)).for('update');
  if (!value) throw notFound('Option value not found');
  const [axis] = await tx.select().from(optionTypes).where(eq(optionTypes.id, value.optionTypeId));
  return { value, axis: axis! };
}

/** The products on sale (not deleted) whose variants use an axis, or one value of it, in name order. */
function productsOnSaleUsing(tx: Transaction, where: { optionTypeId: number } | { optionValueId: number }) {
  const uses = 'optionValueId' in where ? eq(variantOptionValues.optionValueId, where.optionValueId) : eq(variantOptionValues.optionTypeId, where.optionTypeId);
  return tx
    .selectDistinct({ id: products.id, name: products.name })
    .from(variantOptionValues)
    .innerJoin(productVariants, eq(productVariants.id, variantOptionValues.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(uses, eq(products.isDeleted, false)))
    .orderBy(asc(products.name), asc(products.id));
}

/** A refusal listing every place that still uses the record. */
function refuseIfUsed(what: string, places: string[]): void {
  if (places.length > 0) throw conflict(`${what} cannot be deleted: ${places.join('; ')}`, [{ path: 'id', message: places.join('; ') }]);
}

/** A new name for an axis ("Grip" -> "Grip size"); its key, which the shop's addresses and documents use, stays. */
export async function renameOptionType(db: Database, id: number, name: string): Promise<void> {
  const [renamed] = await db.update(optionTypes).set({ name }).where(eq(optionTypes.id, id)).returning({ id: optionTypes.id });
  if (!renamed) throw notFound('Option axis not found');
}

/**
 * A new label for a shared value ("4 1/4" -> "4 1/4 in"), on every product selling it: their search words
 * and shop facets are rewritten in the same transaction, and whoever names the old label follows (refs).
 */
export async function renameOptionValue(db: Database, refs: CatalogReferences, id: number, label: string): Promise<void> {
  let axisName = '';
  await db
    .transaction(async (tx) => {
      const { value, axis } = await lockedValue(tx, id);
      axisName = axis.name;
      if (value.label === label) return;
      const [other] = await tx
        .select({ id: optionValues.id })
        .from(optionValues)
        .where(and(eq(optionValues.optionTypeId, axis.id), eq(optionValues.label, label), ne(optionValues.id, id)));
      if (other) throw labelTaken(axis.name, label);
      await tx
        .update(optionValues)
        .set({ label, sortValue: sortValueOf(label)?.toString() ?? null })
        .where(eq(optionValues.id, id));
      const selling = await tx
        .selectDistinct({ id: productVariants.productId })
        .from(variantOptionValues)
        .innerJoin(productVariants, eq(productVariants.id, variantOptionValues.variantId))
        .where(eq(variantOptionValues.optionValueId, id));
      await refreshProductTerms(
        tx,
        selling.map((row) => row.id),
      );
      await refs.optionValueRenamed(tx, axis.key, value.label, label);
    })
    .catch((error: unknown) => {
      // another save took the label between the check and the update
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw labelTaken(axisName, label);
      throw error;
    });
}

function labelTaken(axisName: string, label: string): DomainError {
  const message = `${axisName} already has a value "${label}"`;
  return conflict(message, [{ path: 'label', message }]);
}

/** The order shop pickers, facets and the variant matrix show an axis' values in: positions 1..n as given. */
export async function reorderOptionValues(db: Database, optionTypeId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedAxis(tx, optionTypeId);
    const existing = await tx.select({ id: optionValues.id }).from(optionValues).where(eq(optionValues.optionTypeId, optionTypeId)).for('update');
    assertSameSet(
      ids,
      existing.map((row) => row.id),
      'value of this axis',
    );
    for (const [index, id] of ids.entries())
      await tx
        .update(optionValues)
        .set({ position: index + 1 })
        .where(eq(optionValues.id, id));
  });
}

/**
 * A value no product on sale sells, and nothing else names (refs). Deleted products (kept for order
 * history) let go of it: their orders keep the label they were sold with.
 */
export async function deleteOptionValue(db: Database, refs: CatalogReferences, id: number): Promise<void> {
  await db
    .transaction(async (tx) => {
      const { value, axis } = await lockedValue(tx, id);
      const selling = await productsOnSaleUsing(tx, { optionValueId: id });
      const places = [
        ...(selling.length ? [`the variants of ${namedList(selling)} use it`] : []),
        ...(await refs.namedBy(tx, { kind: 'option-value', axisKey: axis.key, label: value.label })),
      ];
      refuseIfUsed(`${axis.name} ${value.label}`, places);
      await tx.delete(variantOptionValues).where(eq(variantOptionValues.optionValueId, id));
      await tx.delete(optionValues).where(eq(optionValues.id, id));
    })
    .catch(justUsed('This option value'));
}

/** An axis no type offers, no product on sale varies by and nothing else names (refs); its values go with it. */
export async function deleteOptionType(db: Database, refs: CatalogReferences, id: number): Promise<void> {
  await db
    .transaction(async (tx) => {
      const axis = await lockedAxis(tx, id);
      const types = await tx
        .select({ name: productTypes.name })
        .from(productTypeOptions)
        .innerJoin(productTypes, eq(productTypes.id, productTypeOptions.productTypeId))
        .where(eq(productTypeOptions.optionTypeId, id))
        .orderBy(asc(productTypes.position), asc(productTypes.id));
      const selling = await productsOnSaleUsing(tx, { optionTypeId: id });
      const places = [
        ...(types.length ? [`it is an axis of ${types.map((type) => type.name).join(', ')}`] : []),
        ...(selling.length ? [`the variants of ${namedList(selling)} use it`] : []),
        ...(await refs.namedBy(tx, { kind: 'axis', key: axis.key, name: axis.name })),
      ];
      refuseIfUsed(axis.name, places);
      await tx.delete(variantOptionValues).where(eq(variantOptionValues.optionTypeId, id));
      await tx.delete(optionTypes).where(eq(optionTypes.id, id));
    })
    .catch(justUsed('This option axis'));
}

/** The foreign keys restrict: a save that got in first (and so was not seen) ends the delete with a 409. */
const justUsed = (what: string) => (error: unknown) => {
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw conflict(`${what} was just used by a product. Try again to see where.`);
  throw error;
};
