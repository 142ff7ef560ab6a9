import { and, arrayOverlaps, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { AttributeInput, AttributeUpdateInput, ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import type { AttributeDefinition, OptionType } from '#common/schemas/catalog-model.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import {
  attributeDefinitions,
  optionTypes,
  optionValues,
  productAttributeValues,
  products,
  productTypeOptions,
  productTypes,
  productVariants,
  variantOptionValues,
} from '#server/db/schema.ts';
import { conflict, invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { shortSlug } from '#server/modules/media/media-service.ts';
import type { CatalogReferences } from './catalog-references.ts';
import { NAMED_PRODUCTS, productsNamed } from './named-products.ts';
import { refreshProductTerms } from './product-terms.ts';
import { optionValueOrder } from '#server/modules/catalog/catalog-model-service.ts';

// Product types, their spec sheets and variant axes as the owner edits them. What products use
// stays: an attribute with values, a kind or choice products hold, an axis their variants use.

type AttributeRow = typeof attributeDefinitions.$inferSelect;

function toAttributeView(row: AttributeRow): AttributeDefinition {
  return { id: row.id, key: row.key, name: row.name, kind: row.kind, unit: row.unit, choices: row.choices, position: row.position, isFilter: row.isFilter };
}

/** Every type with its spec sheet, axes and product count, and every axis with its shared values. */
export async function listProductTypeCatalog(db: Database): Promise<ProductTypeCatalog> {
  const [types, attributes, axes, axisValues, typeAxes, counts] = await Promise.all([
    db.select().from(productTypes).orderBy(asc(productTypes.position), asc(productTypes.id)),
    db.select().from(attributeDefinitions).orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id)),
    db.select().from(optionTypes).orderBy(asc(optionTypes.position), asc(optionTypes.id)),
    db
      .select()
      .from(optionValues)
      .orderBy(...optionValueOrder),
    db.select().from(productTypeOptions).orderBy(asc(productTypeOptions.position)),
    db.select({ typeId: products.productTypeId, n: count() }).from(products).where(eq(products.isDeleted, false)).groupBy(products.productTypeId),
  ]);
  const optionTypeViews: OptionType[] = axes.map((axis) => ({
    id: axis.id,
    key: axis.key,
    name: axis.name,
    values: axisValues
      .filter((value) => value.optionTypeId === axis.id)
      .map((value) => ({ id: value.id, label: value.label, sortValue: value.sortValue === null ? null : Number(value.sortValue) })),
  }));
  return {
    types: types.map((type) => ({
      id: type.id,
      slug: type.slug,
      name: type.name,
      position: type.position,
      productCount: counts.find((row) => row.typeId === type.id)?.n ?? 0,
      options: typeAxes
        .filter((link) => link.productTypeId === type.id)
        .map((link) => axes.find((axis) => axis.id === link.optionTypeId)!)
        .map((axis) => ({ id: axis.id, key: axis.key, name: axis.name })),
      attributes: attributes.filter((row) => row.productTypeId === type.id).map(toAttributeView),
    })),
    optionTypes: optionTypeViews,
  };
}

async function typeOrNotFound(db: Database | Transaction, id: number) {
  const [type] = await db.select().from(productTypes).where(eq(productTypes.id, id)).limit(1);
  if (!type) throw notFound('Product type not found');
  return type;
}

function nameTaken(error: unknown, what: string, name: string): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION)
    throw conflict(`${what} "${name}" already exists`, [{ path: 'name', message: `${what} "${name}" already exists` }]);
  throw error;
}

export async function createProductType(db: Database, name: string): Promise<{ id: number }> {
  const slug = shortSlug(name);
  const [last] = await db.select({ position: max(productTypes.position) }).from(productTypes);
  const [created] = await db
    .insert(productTypes)
    .values({ name, slug, position: (last?.position ?? 0) + 1 })
    .returning({ id: productTypes.id })
    .catch((error: unknown) => nameTaken(error, 'A product type named', name));
  return created!;
}

/** A new name; the slug (the shop's category in URLs) stays, so shared links keep working. */
export async function renameProductType(db: Database, id: number, name: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const [renamed] = await tx.update(productTypes).set({ name }).where(eq(productTypes.id, id)).returning({ id: productTypes.id });
      if (!renamed) throw notFound('Product type not found');
      // the type's name is a search word of each of its products
      const typed = await tx.select({ id: products.id }).from(products).where(eq(products.productTypeId, id));
      await refreshProductTerms(
        tx,
        typed.map((product) => product.id),
      );
    })
    .catch((error: unknown) => nameTaken(error, 'A product type named', name));
}

/** Positions 1..n in the order given; the list must name each of the existing rows exactly once. */
export function assertSameSet(given: number[], existing: number[], what: string): void {
  const known = new Set(existing);
  if (given.length !== existing.length || given.some((id) => !known.has(id))) {
    throw invalidInput(`The new order must list every ${what} once`, [{ path: 'ids', message: `The new order must list every ${what} once` }]);
  }
}

export async function reorderProductTypes(db: Database, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: productTypes.id }).from(productTypes).for('update');
    assertSameSet(
      ids,
      existing.map((row) => row.id),
      'product type',
    );
    for (const [index, id] of ids.entries())
      await tx
        .update(productTypes)
        .set({ position: index + 1 })
        .where(eq(productTypes.id, id));
  });
}

/** The products (not deleted) holding a value of one attribute, optionally only those whose value has one of some choices. */
async function productsUsingAttribute(db: Database | Transaction, attributeId: number, choices?: string[]): Promise<{ total: number; names: string[] }> {
  const where = and(
    eq(productAttributeValues.attributeId, attributeId),
    eq(products.isDeleted, false),
    choices === undefined ? undefined : arrayOverlaps(productAttributeValues.choices, choices),
  );
  const rows = await db
    .selectDistinct({ id: products.id, name: products.name })
    .from(productAttributeValues)
    .innerJoin(products, eq(products.id, productAttributeValues.productId))
    .where(where)
    .orderBy(asc(products.name), asc(products.id));
  return { total: rows.length, names: rows.slice(0, NAMED_PRODUCTS).map((row) => row.name) };
}

async function attributeOrNotFound(db: Database | Transaction, id: number): Promise<AttributeRow> {
  const [row] = await db.select().from(attributeDefinitions).where(eq(attributeDefinitions.id, id)).limit(1);
  if (!row) throw notFound('Attribute not found');
  return row;
}

/** "Static weight" becomes "static_weight", the key documents and the CSV use. */
function keyOf(name: string): string {
  const key = shortSlug(name).replace(/-/g, '_');
  return /^[a-z]/.test(key) ? key : `a_${key}`;
}

export async function addAttribute(db: Database, productTypeId: number, input: AttributeInput): Promise<AttributeDefinition> {
  await typeOrNotFound(db, productTypeId);
  const key = input.key ?? keyOf(input.name);
  const [last] = await db
    .select({ position: max(attributeDefinitions.position) })
    .from(attributeDefinitions)
    .where(eq(attributeDefinitions.productTypeId, productTypeId));
  const [created] = await db
    .insert(attributeDefinitions)
    .values({
      productTypeId,
      key,
      name: input.name,
      kind: input.kind,
      unit: input.unit,
      choices: input.choices,
      isFilter: input.isFilter,
      position: (last?.position ?? 0) + 1,
    })
    .returning()
    .catch((error: unknown) => {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      const message = `This type already has an attribute with the key "${key}"`;
      throw conflict(message, [{ path: 'name', message }]);
    });
  return toAttributeView(created!);
}

/**
 * Renames, changes the unit, choices or filter flag of an attribute. A kind, or a unit, that products
 * hold values in is fixed (their numbers would change meaning), and a choice a product holds stays.
 */
export async function updateAttribute(db: Database, id: number, input: AttributeUpdateInput): Promise<AttributeDefinition> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(attributeDefinitions).where(eq(attributeDefinitions.id, id)).for('update');
    if (!before) throw notFound('Attribute not found');
    const kind = input.kind ?? before.kind;
    const kindChanges = kind !== before.kind;
    const unitChanges = input.unit !== undefined && input.unit !== before.unit;
    if (kindChanges || unitChanges) {
      const used = await productsUsingAttribute(tx, id);
      if (used.total > 0) {
        const what = kindChanges ? 'kind' : 'unit';
        const message = `The ${what} of ${before.name} cannot change: it is set on ${productsNamed(used.total, used.names)}`;
        throw conflict(message, [{ path: what, message }]);
      }
    }
    const removed = input.choices === undefined ? [] : before.choices.filter((choice) => !input.choices!.includes(choice));
    if (removed.length > 0) {
      const used = await productsUsingAttribute(tx, id, removed);
      if (used.total > 0) {
        const message = `${removed.join(', ')} of ${before.name} cannot go: it is set on ${productsNamed(used.total, used.names)}`;
        throw conflict(message, [{ path: 'choices', message }]);
      }
    }
    const choosing = kind === 'choice' || kind === 'multi_choice';
    const numeric = kind === 'number' || kind === 'range';
    const [updated] = await tx
      .update(attributeDefinitions)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.isFilter !== undefined && { isFilter: input.isFilter }),
        kind,
        // a kind without units or choices drops what the old kind had
        unit: numeric ? (input.unit === undefined ? before.unit : input.unit) : null,
        choices: choosing ? (input.choices ?? before.choices) : [],
      })
      .where(eq(attributeDefinitions.id, id))
      .returning();
    if (choosing && updated!.choices.length === 0)
      throw invalidInput('A choice field needs at least one choice', [{ path: 'choices', message: 'A choice field needs at least one choice' }]);
    return toAttributeView(updated!);
  });
}

export async function reorderAttributes(db: Database, productTypeId: number, ids: number[]): Promise<void> {
  await typeOrNotFound(db, productTypeId);
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: attributeDefinitions.id })
      .from(attributeDefinitions)
      .where(eq(attributeDefinitions.productTypeId, productTypeId))
      .for('update');
    assertSameSet(
      ids,
      existing.map((row) => row.id),
      'attribute of this type',
    );
    for (const [index, id] of ids.entries())
      await tx
        .update(attributeDefinitions)
        .set({ position: index + 1 })
        .where(eq(attributeDefinitions.id, id));
  });
}

/** An attribute no product holds a value of and nothing else names (refs); otherwise 409 naming where it is used. */
export async function deleteAttribute(db: Database, refs: CatalogReferences, id: number): Promise<void> {
  const attribute = await attributeOrNotFound(db, id);
  const used = await productsUsingAttribute(db, id);
  if (used.total > 0) throw conflict(`${attribute.name} is set on ${productsNamed(used.total, used.names)}. Clear it there first.`);
  const type = await typeOrNotFound(db, attribute.productTypeId);
  const named = await refs.namedBy(db, { kind: 'attribute', typeSlug: type.slug, key: attribute.key, name: attribute.name });
  if (named.length) throw conflict(`${attribute.name} cannot be deleted: ${named.join('; ')}`);
  // values of deleted products (kept for order history) go with it
  await db.delete(productAttributeValues).where(eq(productAttributeValues.attributeId, id));
  await db
    .delete(attributeDefinitions)
    .where(eq(attributeDefinitions.id, id))
    .catch((error: unknown) => {
      // a product saved a value meanwhile (the foreign key restricts)
      if (pgErrorCode(error) === '23503') throw conflict(`${attribute.name} was just set on a product. Clear it there first.`);
      throw error;
    });
}

/**
 * The axes a type's products vary by, in order (at most three). An axis some product's variants
 * still use cannot be taken away: 409 naming the products.
 */
export async function setTypeOptions(db: Database, productTypeId: number, optionTypeIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [type] = await tx.select().from(productTypes).where(eq(productTypes.id, productTypeId)).for('update');
    if (!type) throw notFound('Product type not found');
    if (optionTypeIds.length > 0) {
      const known = await tx.select({ id: optionTypes.id }).from(optionTypes).where(inArray(optionTypes.id, optionTypeIds));
      if (known.length !== optionTypeIds.length) throw invalidInput('Option axis not found', [{ path: 'optionTypeIds', message: 'Option axis not found' }]);
    }
    const current = await tx.select().from(productTypeOptions).where(eq(productTypeOptions.productTypeId, productTypeId));
    for (const link of current.filter((row) => !optionTypeIds.includes(row.optionTypeId))) {
      const users = await tx
        .selectDistinct({ id: products.id, name: products.name })
        .from(variantOptionValues)
        .innerJoin(productVariants, eq(productVariants.id, variantOptionValues.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(variantOptionValues.optionTypeId, link.optionTypeId), eq(products.productTypeId, productTypeId), eq(products.isDeleted, false)))
        .orderBy(asc(products.name), asc(products.id));
      if (users.length > 0) {
        const [axis] = await tx.select({ name: optionTypes.name }).from(optionTypes).where(eq(optionTypes.id, link.optionTypeId));
        const names = users.slice(0, NAMED_PRODUCTS).map((row) => row.name);
        const message = `${axis!.name} is used by the variants of ${productsNamed(users.length, names)}`;
        throw conflict(message, [{ path: 'optionTypeIds', message }]);
      }
    }
    await tx.delete(productTypeOptions).where(eq(productTypeOptions.productTypeId, productTypeId));
    if (optionTypeIds.length > 0) {
      await tx.insert(productTypeOptions).values(optionTypeIds.map((optionTypeId, index) => ({ productTypeId, optionTypeId, position: index + 1 })));
    }
  });
}

/** A new variant axis for the whole catalogue ("Handle colour"); its values come with the products that use them. */
export async function createOptionType(db: Database, name: string): Promise<{ id: number }> {
  const key = keyOf(name);
  const [last] = await db.select({ position: max(optionTypes.position) }).from(optionTypes);
  const [created] = await db
    .insert(optionTypes)
    .values({ key, name, position: (last?.position ?? 0) + 1 })
    .returning({ id: optionTypes.id })
    .catch((error: unknown) => nameTaken(error, 'An option axis', name));
  return created!;
}
