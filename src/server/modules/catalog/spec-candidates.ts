import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AttributeUnit } from '#common/schemas/catalog-model.ts';
import type { CatalogItem, CatalogQuery } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { attributeDefinitions, brands, productAttributeValues, products } from '#server/db/schema.ts';
import { readListingMetadata } from './listing-metadata.ts';
import { planFacets } from './catalog-facets.ts';
import { brandColumns, productColumns, toCatalogItem, variantRangeColumns } from './catalog-views.ts';

// What the paddle finder scores: the products of one type under the shop's own facets (the same
// parameters and conditions as the shop listing, so its "see them in the shop" link shows the same
// products), each with the facet values it has and its numeric specs over the product and its variants.

/** A number spec over a product and its variants: the lowest and highest any of them states. */
export interface SpecRange {
  min: number;
  max: number;
  unit: AttributeUnit | null;
}

export interface SpecCandidate {
  item: CatalogItem;
  /** "f.shape=Hybrid", "f.static_weight=light", "o.core_thickness=16 mm" (catalog-admin/product-terms.ts) */
  facetValues: string[];
  /** by attribute key */
  numbers: Record<string, SpecRange>;
}

/**
 * The listing's products (its type is required: without one there is nothing to score) under its facets,
 * available ones first, at most `limit`; `total` counts them all.
 */
export async function listSpecCandidates(db: Database, query: CatalogQuery, limit: number): Promise<{ total: number; candidates: SpecCandidate[] }> {
  const { type, facets } = planFacets(await readListingMetadata(db), query);
  if (!type) return { total: 0, candidates: [] };
  const where = and(eq(products.isDeleted, false), eq(products.productTypeId, type.id), ...facets.map((facet) => facet.condition))!;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: productColumns, brand: brandColumns, facetValues: products.facetValues, ...variantRangeColumns })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(desc(sql`${products.stock} > 0`), asc(products.id))
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  const ids = rows.map((row) => row.product.id);
  const numbers = ids.length
    ? await db
        .select({
          productId: productAttributeValues.productId,
          key: attributeDefinitions.key,
          unit: attributeDefinitions.unit,
          min: sql<string>`min(${productAttributeValues.numberMin})`,
          max: sql<string>`max(${productAttributeValues.numberMax})`,
        })
        .from(productAttributeValues)
        .innerJoin(attributeDefinitions, eq(attributeDefinitions.id, productAttributeValues.attributeId))
        .where(and(inArray(productAttributeValues.productId, ids), isNotNull(productAttributeValues.numberMin)))
        .groupBy(productAttributeValues.productId, attributeDefinitions.key, attributeDefinitions.unit)
    : [];
  const candidates = rows.map(({ product, brand, facetValues, ...range }) => {
    const specs: Record<string, SpecRange> = {};
    for (const row of numbers.filter((entry) => entry.productId === product.id)) {
      specs[row.key] = { min: Number(row.min), max: Number(row.max), unit: row.unit };
    }
    return { item: toCatalogItem(product, brand, range), facetValues, numbers: specs };
  });
  return { total: Number(counted?.count ?? 0), candidates };
}
