import { and, asc, eq, max } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { brands, products, productTypes, slugRedirects, slugKinds } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';

// Product and brand addresses (docs/decisions/024): /products/<slug>, /brands/<slug>, or a former slug
// that redirects to the current one. Here they are read; the catalogue's admin chooses them and keeps
// the redirects (catalog-admin/slug-records.ts).

export type SlugKind = (typeof slugKinds)[number];

const pathOf = { product: '/products/', brand: '/brands/' } as const;

/** The item a slug it had before now answers for, if any; whether it is still on sale is the caller's to read. */
export async function formerSlugTarget(db: Database, kind: SlugKind, slug: string): Promise<number | null> {
  const [redirect] = await db
    .select({ targetId: slugRedirects.targetId })
    .from(slugRedirects)
    .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, slug)))
    .limit(1);
  return redirect?.targetId ?? null;
}

/**
 * The id behind /api/brands/<key>: an id as it is, or a current or former slug (the brand's page answers 301
 * from an id or a former slug to its current address, pages/page-loaders.ts); 404 when no brand has the slug.
 * Whether the id names a brand is the brand's read to tell, as a product's is (catalog-service.ts).
 */
export async function brandIdOf(db: Database, key: number | string): Promise<number> {
  if (typeof key === 'number') return key;
  const [current] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, key)).limit(1);
  const id = current?.id ?? (await formerSlugTarget(db, 'brand', key));
  if (id === null) throw notFound('Brand not found');
  return id;
}

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
