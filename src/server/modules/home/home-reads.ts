import { sql, type SQL } from 'drizzle-orm';
import type { HomeCategoryTile, HomeReview, ProductRule } from '#common/schemas/home.ts';
import type { Database } from '#server/db/client.ts';

// What the home page's sections resolve to, read straight from the catalogue, order and review tables
// (this module writes none of them). Each read is one statement.

const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// paid orders: what a shopper actually bought (a declined or expired checkout is no sale)
const SOLD = sql`select oi.product_id, sum(oi.quantity)::int as units
  from order_items oi join orders o on o.id = oi.order_id
  where o.payment_status in ('succeeded', 'partially_refunded') and oi.product_id is not null
  group by oi.product_id`;

// each rule's order; ties go to the better rated, then the newer, so a shop without sales or reviews still fills its grid
const RULE_ORDER: Readonly<Record<Exclude<ProductRule, 'hand_picked'>, SQL>> = {
  bestsellers: sql`coalesce(s.units, 0) desc, p.is_featured desc, p.created_at desc`,
  new_arrivals: sql`coalesce(p.release_date, p.created_at) desc, p.id desc`,
  top_rated: sql`p.rating_average desc nulls last, p.rating_count desc, coalesce(s.units, 0) desc`,
  featured: sql`p.is_featured desc, coalesce(s.units, 0) desc, p.rating_count desc`,
};

/** The ids a rule picks, in stock first, at most count, optionally of one product type. */
export async function productIdsByRule(db: Database, rule: Exclude<ProductRule, 'hand_picked'>, typeSlug: string | null, count: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select p.id from products p
      left join product_types t on t.id = p.product_type_id
      left join (${SOLD}) s on s.product_id = p.id
      where not p.is_deleted ${typeSlug === null ? sql`` : sql`and t.slug = ${typeSlug}`}
      order by (p.stock > 0) desc, ${RULE_ORDER[rule]}, p.id
      limit ${count}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The tiles of the named product types in that order, or of every type that has products (the admin's order);
 * each pictured by its most featured, best reviewed product's image.
 */
export async function categoryTiles(db: Database, typeSlugs: readonly string[]): Promise<HomeCategoryTile[]> {
  const rows = await rowsOf<HomeCategoryTile>(
    db,
    sql`select t.slug, t.name, count(p.id)::int as count,
        (select p2.image_url from products p2
          where p2.product_type_id = t.id and not p2.is_deleted and p2.image_url is not null
          order by p2.is_featured desc, (p2.stock > 0) desc, p2.rating_count desc, p2.id limit 1) as "imageUrl"
      from product_types t left join products p on p.product_type_id = t.id and not p.is_deleted
      group by t.id order by t.position, t.name`,
  );
  if (typeSlugs.length === 0) return rows.filter((tile) => tile.count > 0);
  const bySlug = new Map(rows.map((tile) => [tile.slug, tile]));
  return typeSlugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

/** The newest published reviews of products still sold, the reviewer named as the product page names them. */
export async function recentReviews(db: Database, count: number): Promise<HomeReview[]> {
  const rows = await rowsOf<Omit<HomeReview, 'author'> & { username: string; fullName: string | null }>(
    db,
    sql`select r.id, r.rating, r.title, r.body, u.username, u.full_name as "fullName", p.name as "productName", p.slug as "productSlug"
      from reviews r join products p on p.id = r.product_id join users u on u.id = r.user_id
      where r.status = 'published' and not p.is_deleted
      order by r.created_at desc, r.id desc limit ${count}`,
  );
  return rows.map(({ username, fullName, ...review }) => ({ ...review, author: authorName(username, fullName) }));
}

/** "Pat Smith" -> "Pat S."; without a saved name, the username (as reviews/review-views.ts names a review's author). */
function authorName(username: string, fullName: string | null): string {
  const words = fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return username;
  const last = words.length > 1 ? ` ${words[words.length - 1]!.charAt(0).toUpperCase()}.` : '';
  return `${words[0]}${last}`;
}

/** Of these slugs, those no product type has. */
export async function unknownTypeSlugs(db: Database, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await rowsOf<{ slug: string }>(
    db,
    sql`select slug from product_types where slug in (${sql.join(
      slugs.map((slug) => sql`${slug}`),
      sql`, `,
    )})`,
  );
  const known = new Set(rows.map((row) => row.slug));
  return slugs.filter((slug) => !known.has(slug));
}

/** Of these ids, those no product still sold has. */
export async function unknownProductIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from products where not is_deleted and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
