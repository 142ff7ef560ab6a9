import { and, asc, eq, like, max, or, sql } from 'drizzle-orm';
import { isNumericKey, slugify } from '#common/slug.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { brands, products, productTypes, slugRedirects, slugKinds } from '#server/db/schema.ts';
import { conflict, DomainError, notFound } from '#server/errors/domain-errors.ts';

// Product and brand addresses (docs/decisions/024): /products/<slug>, /brands/<slug>. A slug is made
// from the name when none is given, -2, -3... when taken; a changed slug leaves a redirect behind.

export type SlugKind = (typeof slugKinds)[number];

const tableOf = { product: products, brand: brands } as const;
const pathOf = { product: '/products/', brand: '/brands/' } as const;

/** The 409 for a slug another item has, on the field that holds it. */
export function slugTaken(slug: string, kind: SlugKind): DomainError {
  const message = `The address "${slug}" is already used by another ${kind}`;
  return conflict(message, [{ path: 'slug', message }]);
}

/** A unique violation on the slug column, raced past our check, becomes the same 409. */
export function isSlugViolation(error: unknown, kind: SlugKind): boolean {
  return uniqueViolationConstraint(error) === `${kind === 'product' ? 'products' : 'brands'}_slug_unique`;
}

async function slugsLike(tx: Database | Transaction, kind: SlugKind, base: string, selfId: number | undefined): Promise<Set<string>> {
  const table = tableOf[kind];
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(and(or(eq(table.slug, base), like(table.slug, `${base}-%`)), selfId === undefined ? undefined : sql`${table.id} <> ${selfId}`));
  return new Set(rows.map((row) => row.slug));
}

/** The first of `base`, `base-2`, `base-3`... no other item of the kind has. */
export async function freeSlug(tx: Database | Transaction, kind: SlugKind, name: string, selfId?: number): Promise<string> {
  const base = slugify(name, kind);
  return firstFree(base, await slugsLike(tx, kind, base, selfId));
}

/** freeSlug against the slugs `taken`, for a caller that keeps them (a batch of saves). */
export const slugNotIn = (kind: SlugKind, name: string, taken: ReadonlySet<string>): string => firstFree(slugify(name, kind), taken);

function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Refuses a slug the owner chose when another item of the kind has it (409 naming it). */
export async function checkSlugFree(tx: Database | Transaction, kind: SlugKind, slug: string, selfId: number | undefined): Promise<void> {
  const table = tableOf[kind];
  const [other] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), selfId === undefined ? undefined : sql`${table.id} <> ${selfId}`))
    .limit(1);
  if (other) throw slugTaken(slug, kind);
}

/**
 * Bookkeeping after an item is saved with `slug` (having had `previous`): the old slug redirects to it,
 * and a redirect that pointed this slug elsewhere goes, as the item using a slug wins over it. A caller
 * that keeps the kind's `redirected` old slugs spares the delete when there is none.
 */
export async function recordSlug(
  tx: Transaction,
  kind: SlugKind,
  id: number,
  slug: string,
  previous: string | null,
  redirected?: ReadonlySet<string>,
): Promise<void> {
  if (!redirected || redirected.has(slug)) await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, slug)));
  if (previous === null || previous === slug) return;
  await tx
    .insert(slugRedirects)
    .values({ kind, oldSlug: previous, targetId: id })
    .onConflictDoUpdate({ target: [slugRedirects.kind, slugRedirects.oldSlug], set: { targetId: id, createdAt: new Date() } });
}

/** A deleted brand's old slugs point nowhere any more. */
export async function forgetSlugs(tx: Database | Transaction, kind: SlugKind, id: number): Promise<void> {
  await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.targetId, id)));
}

type CatalogPath = { kind: 'current'; id: number } | { kind: 'redirect'; to: string; id: number } | { kind: 'missing' };

async function currentSlugOf(db: Database, kind: SlugKind, id: number): Promise<string | null> {
  if (kind === 'product') {
    const [row] = await db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.id, id), eq(products.isDeleted, false)))
      .limit(1);
    return row?.slug ?? null;
  }
  const [row] = await db.select({ slug: brands.slug }).from(brands).where(eq(brands.id, id)).limit(1);
  return row?.slug ?? null;
}

async function idOfSlug(db: Database, kind: SlugKind, slug: string): Promise<number | null> {
  if (kind === 'product') {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, slug), eq(products.isDeleted, false)))
      .limit(1);
    return row?.id ?? null;
  }
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug)).limit(1);
  return row?.id ?? null;
}

/**
 * What the shop's page /products/<key> or /brands/<key> is: a current slug (the page), a numeric id or
 * an old slug (301 to the current slug's path), or nothing on sale (the not-found page).
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
  const slug = await currentSlugOf(db, kind, id);
  return slug === null ? { kind: 'missing' } : { kind: 'redirect', to: `${pathOf[kind]}${slug}`, id };
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
