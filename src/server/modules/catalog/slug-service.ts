import { and, asc, eq, max, sql } from 'drizzle-orm';
import { isNumericKey } from '#common/slug.ts';
import type { Database } from '#server/db/client.ts';
import { brands, products, productTypes, slugRedirects, slugKinds } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';

// Product and brand addresses (docs/decisions/024): /products/<slug>, /brands/<slug>, or a former slug
// that redirects to the current one. Here they are read; the catalogue's admin chooses them and keeps
// the redirects (catalog-admin/slug-records.ts).

export type SlugKind = (typeof slugKinds)[number];

const pathOf = { product: '/products/', brand: '/brands/' } as const;

// redirect: an id or a former slug, whose page answers 301 to the item's current address (pages/page-loaders.ts)
type CatalogPath = { kind: 'current'; id: number } | { kind: 'redirect'; id: number } | { kind: 'missing' };

async function isOnSale(db: Database, kind: SlugKind, id: number): Promise<boolean> {
  if (kind === 'product') {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.isDeleted, false)))
      .limit(1);
    return row !== undefined;
  }
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).limit(1);
  return row !== undefined;
}

// A product read by slug looks the slug up whenever the product's own statement by its current slug found
// nothing (a former slug, catalog-service.ts): the lookup is built once per database and prepared by name,
// as the product read is (issue 35), not built by Drizzle and planned by PostgreSQL for each.
const productIdBySlug = new WeakMap<Database, ReturnType<typeof prepareProductIdBySlug>>();

function prepareProductIdBySlug(db: Database) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, sql.placeholder('slug')), eq(products.isDeleted, false)))
    .limit(1)
    .prepare('catalog_product_id_by_slug');
}

async function idOfSlug(db: Database, kind: SlugKind, slug: string): Promise<number | null> {
  if (kind === 'product') {
    let prepared = productIdBySlug.get(db);
    if (!prepared) productIdBySlug.set(db, (prepared = prepareProductIdBySlug(db)));
    const [row] = await prepared.execute({ slug });
    return row?.id ?? null;
  }
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug)).limit(1);
  return row?.id ?? null;
}

/**
 * What the key of /products/<key> or /brands/<key> names: a current slug, a numeric id or an old slug
 * (the page answers 301 to the current slug's address), or nothing on sale (the not-found page).
 */
export async function resolveCatalogPath(db: Database, kind: SlugKind, key: string): Promise<CatalogPath> {
  let id: number | null;
  if (isNumericKey(key)) {
    id = Number(key);
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) return { kind: 'missing' };
  } else {
    id = await idOfSlug(db, kind, key);
    if (id !== null) return { kind: 'current', id };
    const [redirect] = await db
      .select({ targetId: slugRedirects.targetId })
      .from(slugRedirects)
      .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, key)))
      .limit(1);
    id = redirect?.targetId ?? null;
  }
  if (id === null) return { kind: 'missing' };
  return (await isOnSale(db, kind, id)) ? { kind: 'redirect', id } : { kind: 'missing' };
}

/** The id behind an API key: an id as it is, or a current or former slug; 404 when no such item is on sale. */
async function idOfKey(db: Database, kind: SlugKind, key: number | string): Promise<number> {
  if (typeof key === 'number') return key;
  const found = await resolveCatalogPath(db, kind, key);
  if (found.kind === 'missing') throw notFound(kind === 'product' ? 'Product not found' : 'Brand not found');
  return found.id;
}

export const productIdOf = (db: Database, key: number | string) => idOfKey(db, 'product', key);
export const brandIdOf = (db: Database, key: number | string) => idOfKey(db, 'brand', key);

export interface CatalogPage {
  path: string;
  updatedAt: Date;
}

/**
 * Every catalogue page a search engine may list (the sitemap): products on sale, brands, and the shop's
 * categories that have products on sale, each with when it last changed.
 */
export async function listCatalogPages(db: Database): Promise<{ products: CatalogPage[]; brands: CatalogPage[]; categories: CatalogPage[] }> {
  const productRows = await db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isDeleted, false))
    .orderBy(asc(products.id));
  const brandRows = await db.select({ slug: brands.slug, updatedAt: brands.updatedAt }).from(brands).orderBy(asc(brands.id));
  const categoryRows = await db
    .select({ slug: productTypes.slug, updatedAt: max(products.updatedAt) })
    .from(productTypes)
    .innerJoin(products, and(eq(products.productTypeId, productTypes.id), eq(products.isDeleted, false)))
    .groupBy(productTypes.id, productTypes.slug, productTypes.position)
    .orderBy(asc(productTypes.position), asc(productTypes.id));
  return {
    products: productRows.map((row) => ({ path: `${pathOf.product}${row.slug}`, updatedAt: row.updatedAt })),
    brands: brandRows.map((row) => ({ path: `${pathOf.brand}${row.slug}`, updatedAt: row.updatedAt })),
    categories: categoryRows.map((row) => ({ path: `/shop?type=${encodeURIComponent(row.slug)}`, updatedAt: new Date(row.updatedAt!) })),
  };
}
