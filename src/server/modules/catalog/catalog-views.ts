import { centsToDecimal, toCents } from '#common/money.ts';
import type { Brand, Product } from '#common/schemas/catalog.ts';
import { getTableColumns } from 'drizzle-orm';
import { products, type brands } from '#server/db/schema.ts';

export type BrandRow = typeof brands.$inferSelect;
/** A product's columns but its search index and terms, which no view shows. */
export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'searchTerms' | 'facetValues'>;

// the columns views show: the stored search vector, search terms and facet values stay in the database
const { searchVector: _searchVector, searchTerms: _searchTerms, facetValues: _facetValues, ...columns } = getTableColumns(products);
export const productColumns = columns;

/** A brand as the API sends it. */
export function toBrandView(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    imageUrl: row.imageUrl,
    isFeatured: row.isFeatured,
  };
}

/** A product as the API sends it: price as a 2-decimal string, dates as ISO strings. */
export function toProductView(row: ProductRow, brand?: BrandRow | null): Product {
  const cents = toCents(row.price);
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    price: centsToDecimal(Number.isNaN(cents) ? 0 : cents),
    description: row.description,
    thickness: row.thickness,
    color: row.color,
    imageUrl: row.imageUrl,
    stock: row.stock,
    releaseDate: row.releaseDate ? row.releaseDate.toISOString() : null,
    isFeatured: row.isFeatured,
    productTypeId: row.productTypeId,
    usapaStatus: row.usapaStatus,
    usapaCheckedOn: row.usapaCheckedOn,
    ...(brand !== undefined && { brand: brand ? toBrandView(brand) : null }),
  };
}
