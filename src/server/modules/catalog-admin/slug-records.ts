import { and, eq, like, or, sql } from 'drizzle-orm';
import { slugify } from '#common/slug.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { brands, products, slugRedirects } from '#server/db/schema.ts';
import { conflict, type DomainError } from '#server/errors/domain-errors.ts';
import type { SlugKind } from '#server/modules/catalog/catalog-model-service.ts';

// Product and brand addresses (docs/decisions/024) as the owner saves them: a slug is made from the name
// when none is given, -2, -3... when taken; a changed slug leaves a redirect behind (read by
// catalog/slug-service.ts).

const tableOf = { product: products, brand: brands } as const;

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
export const slugNotIn = (kind: SlugKind, name: string, taken: Pick<ReadonlySet<string>, 'has'>): string => firstFree(slugify(name, kind), taken);

function firstFree(base: string, taken: Pick<ReadonlySet<string>, 'has'>): string {
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
