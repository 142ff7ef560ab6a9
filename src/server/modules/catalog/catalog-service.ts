import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Brand, Product, ProductListQuery } from '#common/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import { availableFirst, exactMatches, typoMatches } from './catalog-search.ts';
import { toBrandView, toProductView } from './catalog-views.ts';

export { toBrandView, toProductView } from './catalog-views.ts';

// the columns views show: the stored search vector stays in the database
const { searchVector: _searchVector, searchTerms: _searchTerms, facetValues: _facetValues, ...productColumns } = getTableColumns(products);

async function selectProducts(db: Database, where: SQL | undefined, orderBy: SQL[]): Promise<Product[]> {
  const rows = await db
    .select({ product: productColumns, brand: brands })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isDeleted, false), where))
    .orderBy(...orderBy);
  return rows.map(({ product, brand }) => toProductView(product, brand));
}

/**
 * The catalogue, optionally of one brand, of some ids and matching a search text, sold-out products last.
 * A search lists its exact matches, most relevant first; only when there are none, its likely typos.
 */
export async function listProducts(db: Database, query: ProductListQuery = {}): Promise<Product[]> {
  const filters = and(
    query.brandId === undefined ? undefined : eq(products.brandId, query.brandId),
    query.ids === undefined ? undefined : inArray(products.id, query.ids),
  );
  const search = query.search?.trim();
  if (!search) return selectProducts(db, filters, availableFirst());
  for (const plan of [exactMatches(search), typoMatches(search)]) {
    const found = await selectProducts(db, and(filters, plan.where), availableFirst(...plan.orderBy));
    if (found.length > 0) return found;
  }
  return [];
}

export function listFeaturedProducts(db: Database): Promise<Product[]> {
  return selectProducts(db, eq(products.isFeatured, true), availableFirst());
}

// The product page's query is built once per database and prepared by name (docs/performance.md: p99
// <= 20 ms at 100 connections); building Drizzle SQL per request cost a quarter of the CPU.
function prepareProductById(db: Database) {
  return db
    .select({ product: productColumns, brand: brands })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.isDeleted, false)))
    .limit(1)
    .prepare('catalog_product_by_id');
}

export interface CatalogReads {
  /** A product with its brand; deleted products are gone for shoppers. */
  getProduct(id: number): Promise<Product>;
}

/** The catalogue reads that are prepared once; built by the composition root (services.ts). */
export function createCatalogReads(db: Database): CatalogReads {
  const productById = prepareProductById(db);
  return {
    async getProduct(id) {
      const [row] = await productById.execute({ id });
      if (!row) throw notFound('Product not found');
      return toProductView(row.product, row.brand);
    },
  };
}

export async function listBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrandView);
}

export async function listFeaturedBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select().from(brands).where(eq(brands.isFeatured, true)).orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrandView);
}

export async function getBrand(db: Database, id: number): Promise<Brand> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  if (!row) throw notFound('Brand not found');
  return toBrandView(row);
}
