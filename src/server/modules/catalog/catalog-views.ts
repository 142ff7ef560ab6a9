import { centsToDecimal, toCents } from '#common/money.ts';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import type { Brand, Product, ProductRating } from '#common/schemas/catalog.ts';
import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import { getTableColumns, sql } from 'drizzle-orm';
import { brands, products } from '#server/db/schema.ts';

/** A brand's columns but its search vector. */
type BrandRow = Omit<typeof brands.$inferSelect, 'searchVector'>;
/** A product's columns as views show them: not its search index, terms, facets, deletion mark or timestamps. */
export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'searchTerms' | 'facetValues' | 'isDeleted' | 'createdAt' | 'updatedAt'>;

// the columns views show; the rest stay in the database (reading and decoding them was a share of every list read)
const {
  searchVector: _searchVector,
  searchTerms: _searchTerms,
  facetValues: _facetValues,
  isDeleted: _isDeleted,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...columns
} = getTableColumns(products);
export const productColumns = columns;
const { searchVector: _brandSearchVector, ...brandOnly } = getTableColumns(brands);
export const brandColumns = brandOnly;

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

/** The published reviews' average and count the reviews module keeps on the product row. */
export function toProductRating(row: Pick<ProductRow, 'ratingAverage' | 'ratingCount'>): ProductRating {
  return { ratingAverage: row.ratingAverage === null ? null : Number(row.ratingAverage), ratingCount: row.ratingCount };
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

/** What a product card needs beyond the product: its highest variant price and how many variants it has. */
export const variantRangeColumns = {
  priceMax: sql<string>`(select max(pv.price) from product_variants pv where pv.product_id = ${products.id})`,
  variantCount: sql<number>`(select count(*)::int from product_variants pv where pv.product_id = ${products.id})`,
  giftCard: sql<boolean>`exists (select 1 from product_types pt where pt.id = ${products.productTypeId} and pt.slug = ${GIFT_CARD_TYPE_SLUG})`,
};

/** A product as a card shows it ("From $X", "Choose options" for several variants). */
export function toCatalogItem(row: ProductRow, brand: BrandRow | null, range: { priceMax: string; variantCount: number; giftCard: boolean }): CatalogItem {
  const view = toProductView(row, brand);
  const max = toCents(range.priceMax);
  // the view grows in place: copying it into a new object per row was a share of a list read's CPU
  return Object.assign(view, toProductRating(row), {
    priceMax: Number.isNaN(max) ? view.price : centsToDecimal(max),
    variantCount: Number(range.variantCount),
    giftCard: Boolean(range.giftCard),
  });
}
