import { asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { attributeDefinitions, brands, optionTypes, optionValues, productTypeOptions, productTypes } from '#server/db/schema.ts';
import { optionValueOrder } from './product-types.ts';
import { createKeptRead } from '#server/db/kept-read.ts';

// What the shop page's facets are made of and what changes only when the owner edits the catalogue:
// the product types, the brands, each type's spec filters and its option axes with their values. Every
// listing read them (four statements of the six a listing ran, issue 35); they are read once and kept
// until the catalogue changes (the composition root empties them on the owner's writes here and on any
// write of another instance, http/cache-invalidation.ts); past keepMs, a guard, they are read again in the background (kept-read.ts).

export interface TypeRow {
  id: number;
  slug: string;
  name: string;
}

type AttributeRow = typeof attributeDefinitions.$inferSelect;

interface AxisRow {
  id: number;
  key: string;
  name: string;
  label: string;
}

export interface ListingMetadata {
  types: TypeRow[];
  brands: { id: number; name: string }[];
  /** a type's spec filters (is_filter) in sheet order */
  filtersOf(typeId: number): AttributeRow[];
  /** a type's axes in the type's order, one row per value in value order */
  axesOf(typeId: number): AxisRow[];
}

/** The metadata as it stands (the paddle finder's candidates read it afresh; the shop's listing keeps it, below). */
export async function readListingMetadata(db: Database): Promise<ListingMetadata> {
  const [types, brandRows, attributes, axes] = await Promise.all([
    db
      .select({ id: productTypes.id, slug: productTypes.slug, name: productTypes.name })
      .from(productTypes)
      .orderBy(asc(productTypes.position), asc(productTypes.id)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name), asc(brands.id)),
    db
      .select()
      .from(attributeDefinitions)
      .where(eq(attributeDefinitions.isFilter, true))
      .orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id)),
    db
      .select({ typeId: productTypeOptions.productTypeId, id: optionTypes.id, key: optionTypes.key, name: optionTypes.name, label: optionValues.label })
      .from(productTypeOptions)
      .innerJoin(optionTypes, eq(optionTypes.id, productTypeOptions.optionTypeId))
      .innerJoin(optionValues, eq(optionValues.optionTypeId, optionTypes.id))
      .orderBy(asc(productTypeOptions.position), ...optionValueOrder),
  ]);
  const group = <T extends { typeId: number }, R>(rows: T[], map: (row: T) => R) => {
    const byType = new Map<number, R[]>();
    for (const row of rows) byType.set(row.typeId, [...(byType.get(row.typeId) ?? []), map(row)]);
    return byType;
  };
  const filters = group(
    attributes.map((row) => ({ ...row, typeId: row.productTypeId })),
    ({ typeId: _typeId, ...row }) => row,
  );
  const axesByType = group(axes, ({ typeId: _typeId, ...row }) => row);
  return {
    types,
    brands: brandRows,
    filtersOf: (typeId) => filters.get(typeId) ?? [],
    axesOf: (typeId) => axesByType.get(typeId) ?? [],
  };
}

export interface ListingMetadataCache {
  read(): Promise<ListingMetadata>;
  /** the catalogue changed: the next listing reads the metadata again */
  clear(): void;
}

/** keepMs 0: read for every listing (tests write the catalogue straight into the database); kept-read.ts. */
export function createListingMetadataCache(db: Database, keepMs: number): ListingMetadataCache {
  return createKeptRead(() => readListingMetadata(db), keepMs);
}
