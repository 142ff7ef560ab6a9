import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AttributeDefinition, OptionValue, ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { attributeDefinitions, optionTypes, optionValues, productTypeOptions, productTypes } from '#server/db/schema.ts';

type Reader = Database | Transaction;

/** A type's axes in order, by key. */
export interface TypeAxis {
  id: number;
  key: string;
  name: string;
}

export interface TypeSheet {
  id: number;
  slug: string;
  name: string;
  axes: TypeAxis[];
  attributes: AttributeDefinition[];
}

function toDefinition(row: typeof attributeDefinitions.$inferSelect): AttributeDefinition {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    choices: row.choices,
    position: row.position,
    isFilter: row.isFilter,
  };
}

/** One type's axes and spec sheet, as a save checks a document against them; undefined when there is no such type. */
export async function loadTypeSheet(db: Reader, typeId: number): Promise<TypeSheet | undefined> {
  const [type] = await db.select().from(productTypes).where(eq(productTypes.id, typeId)).limit(1);
  if (!type) return undefined;
  const axes = await db
    .select({ id: optionTypes.id, key: optionTypes.key, name: optionTypes.name })
    .from(productTypeOptions)
    .innerJoin(optionTypes, eq(optionTypes.id, productTypeOptions.optionTypeId))
    .where(eq(productTypeOptions.productTypeId, typeId))
    .orderBy(asc(productTypeOptions.position), asc(optionTypes.id));
  const attributes = await db
    .select()
    .from(attributeDefinitions)
    .where(eq(attributeDefinitions.productTypeId, typeId))
    .orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id));
  return { id: type.id, slug: type.slug, name: type.name, axes, attributes: attributes.map(toDefinition) };
}

/**
 * An axis' values in the owner's order (position: new values are slotted in by their number, the owner
 * may reorder); equal positions by number, numbers first.
 */
export const optionValueOrder = [asc(optionValues.position), sql`${optionValues.sortValue} asc nulls last`, asc(optionValues.label), asc(optionValues.id)];

const toOptionValue = (row: { id: number; label: string; sortValue: string | null }): OptionValue => ({
  id: row.id,
  label: row.label,
  sortValue: row.sortValue === null ? null : Number(row.sortValue),
});

/** Every type with its spec sheet and its axes, each axis with every value the shop has for it. */
export async function listProductTypes(db: Database): Promise<ProductTypeWithValues[]> {
  const types = await db.select().from(productTypes).orderBy(asc(productTypes.position), asc(productTypes.id));
  const axes = await db
    .select({ typeId: productTypeOptions.productTypeId, id: optionTypes.id, key: optionTypes.key, name: optionTypes.name })
    .from(productTypeOptions)
    .innerJoin(optionTypes, eq(optionTypes.id, productTypeOptions.optionTypeId))
    .orderBy(asc(productTypeOptions.position), asc(optionTypes.id));
  const axisIds = [...new Set(axes.map((axis) => axis.id))];
  const values = axisIds.length
    ? await db
        .select({ optionTypeId: optionValues.optionTypeId, id: optionValues.id, label: optionValues.label, sortValue: optionValues.sortValue })
        .from(optionValues)
        .where(inArray(optionValues.optionTypeId, axisIds))
        .orderBy(...optionValueOrder)
    : [];
  const definitions = await db.select().from(attributeDefinitions).orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id));
  return types.map((type) => ({
    id: type.id,
    slug: type.slug,
    name: type.name,
    position: type.position,
    options: axes
      .filter((axis) => axis.typeId === type.id)
      .map((axis) => ({
        id: axis.id,
        key: axis.key,
        name: axis.name,
        values: values.filter((value) => value.optionTypeId === axis.id).map(toOptionValue),
      })),
    attributes: definitions.filter((definition) => definition.productTypeId === type.id).map(toDefinition),
  }));
}
