import { and, eq, sql } from 'drizzle-orm';
import { MAX_WISHLIST, type WishlistItem } from '#common/schemas/wishlist.ts';
import type { Database } from '#server/db/client.ts';
import { wishlistItems } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';

// A signed-in shopper's wishlist (docs/decisions/062). Adding is idempotent (the row's key is the customer
// and the variant, inserted with ON CONFLICT DO NOTHING), so two tabs or a retried request make one row.

const itemColumns = sql`
    v.id as "variantId", p.id as "productId", p.slug, p.name, v.price::text as price, v.stock,
      coalesce((select i.url from product_images i where i.id = v.image_id), p.image_url) as "imageUrl",
      (select string_agg(ov.label, ' / ' order by o.position, o.id)
         from variant_option_values vov
         join option_values ov on ov.id = vov.option_value_id
         join option_types o on o.id = vov.option_type_id
        where vov.variant_id = v.id) as "variantName"`;

const asItems = (result: unknown): WishlistItem[] =>
  (result as { rows: WishlistItem[] }).rows.map((row) => ({ ...row, stock: Number(row.stock), variantName: row.variantName || null }));

/** Newest first; a variant of a deleted product is left out (its row goes when the variant does). */
export async function listWishlist(db: Database, userId: number): Promise<WishlistItem[]> {
  return asItems(
    await db.execute(sql`
      select ${itemColumns}
      from wishlist_items w
      join product_variants v on v.id = w.variant_id
      join products p on p.id = v.product_id and not p.is_deleted
      where w.user_id = ${userId}
      order by w.added_at desc, v.id`),
  );
}

/** A guest's list (variant ids kept in the browser) as the wishlist page shows it, in the order asked; unknown ids are absent. */
export async function describeWishlistVariants(db: Database, variantIds: readonly number[]): Promise<WishlistItem[]> {
  if (variantIds.length === 0) return [];
  const items = asItems(
    await db.execute(sql`
      select ${itemColumns}
      from product_variants v
      join products p on p.id = v.product_id and not p.is_deleted
      where v.id = any(${sql.raw(intArray(variantIds))})`),
  );
  return variantIds.flatMap((id) => items.filter((item) => item.variantId === id));
}

/** A literal int[] of ids the route's schema has already checked are positive integers. */
const intArray = (ids: readonly number[]) => `'{${[...new Set(ids)].map((id) => Math.trunc(id)).join(',')}}'::int[]`;

/** Puts the variant on the list; true when it was not there. A missing variant (or deleted product) is not found. */
export async function addToWishlist(db: Database, userId: number, variantId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // one customer's adds queue on their row, so the cap counts what is really there
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [known] = (
      (await tx.execute(sql`
        select 1 as found from product_variants v join products p on p.id = v.product_id and not p.is_deleted where v.id = ${variantId}
      `)) as unknown as { rows: Array<{ found: number }> }
    ).rows;
    if (!known) throw notFound('Product not found');
    const [count] = (
      (await tx.execute(sql`select count(*)::int as n from wishlist_items where user_id = ${userId}`)) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    const inserted = await tx.insert(wishlistItems).values({ userId, variantId }).onConflictDoNothing().returning({ variantId: wishlistItems.variantId });
    if (inserted.length > 0 && Number(count?.n ?? 0) >= MAX_WISHLIST) throw conflict(`Your wishlist holds at most ${MAX_WISHLIST} products: remove one first`);
    return inserted.length > 0;
  });
}

/** Takes the variant off the list; nothing to take is not an error (the heart is already empty). */
export async function removeFromWishlist(db: Database, userId: number, variantId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.variantId, variantId)));
}

/**
 * A guest's list, kept in the browser, joins the account at sign-in: the variants still on sale are
 * added (those already there stay as they were), up to the cap; ids of products since deleted are dropped.
 */
export async function mergeWishlist(db: Database, userId: number, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    await tx.execute(sql`
      insert into wishlist_items (user_id, variant_id)
      select ${userId}, v.id from product_variants v join products p on p.id = v.product_id and not p.is_deleted
      where v.id = any(${sql.raw(intArray(variantIds))})
        and not exists (select 1 from wishlist_items w where w.user_id = ${userId} and w.variant_id = v.id)
      order by v.id
      limit greatest(0, ${MAX_WISHLIST} - (select count(*) from wishlist_items w where w.user_id = ${userId}))
      on conflict do nothing
    `);
  });
}
