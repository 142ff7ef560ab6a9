import { sql } from 'drizzle-orm';
import { MAX_BOUGHT_TOGETHER, type BoughtTogetherItem } from '#common/schemas/bought-together.ts';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import type { CatalogReads } from './catalog-service.ts';

// "Frequently bought together" (decision 068): the products most often in the same paid orders as this
// one, then, while that history is thin, the bestsellers of other product types (a paddle's buyer is
// shown balls, a bag, a cover; never another paddle). Only products on sale and in stock. One statement,
// bounded: it reads the latest PAID_ORDERS_READ orders holding the product (order_items_product_id_idx)
// and the latest BESTSELLER_ORDERS_READ paid orders for the bestsellers, however long the history.

const PAID = sql`('succeeded', 'partially_refunded')`;
const PAID_ORDERS_READ = 500;
const BESTSELLER_ORDERS_READ = 2000;

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface Offer {
  id: number;
  reason: BoughtTogetherItem['reason'];
}

/** The ids to offer beside `id`, best first, with why; null when the product is missing or deleted. */
async function pickIds(db: Database, id: number): Promise<Offer[] | null> {
  const rows = await rowsOf<{ id: number | null; reason: BoughtTogetherItem['reason'] | null }>(
    db,
    sql`with self as (select id, product_type_id, brand_id from products where id = ${id} and not is_deleted),
      holding as (
        select distinct oi.order_id from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = ${id} and o.payment_status in ${PAID}
        order by oi.order_id desc limit ${PAID_ORDERS_READ}),
      together as (
        select oi.product_id, count(distinct oi.order_id) as orders, sum(oi.quantity) as units
        from order_items oi join holding h on h.order_id = oi.order_id
        where oi.product_id <> ${id} group by oi.product_id),
      sold as (
        select oi.product_id, sum(oi.quantity) as units
        from order_items oi
        join (select id from orders where payment_status in ${PAID} order by id desc limit ${BESTSELLER_ORDERS_READ}) o on o.id = oi.order_id
        where oi.product_id is not null group by oi.product_id),
      offered as (
        select p.id, 'bought_together' as reason, 0 as tier, 1 as per_type, t.orders, t.units
        from together t join products p on p.id = t.product_id
        where not p.is_deleted and p.stock > 0
        union all
        -- the best seller of each other type first, so the fallback is a bundle rather than three of a kind
        select p.id, 'bestseller', 1,
          row_number() over (partition by p.product_type_id
            order by coalesce(s.units, 0) desc, (p.brand_id is not distinct from self.brand_id) desc, p.rating_count desc, p.id),
          0, coalesce(s.units, 0)
        from products p cross join self left join sold s on s.product_id = p.id
        where not p.is_deleted and p.stock > 0 and p.id <> self.id and p.product_type_id <> self.product_type_id
          and p.id not in (select product_id from together))
      select o.id, o.reason from self left join lateral (
        select id, reason from offered order by tier, per_type, orders desc, units desc, id limit ${MAX_BOUGHT_TOGETHER}) o on true`,
  );
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.id === null || row.reason === null ? [] : [{ id: row.id, reason: row.reason }]));
}

interface VariantRow {
  productId: number;
  id: number;
  name: string;
  sku: string | null;
  price: string;
  stock: number;
  imageUrl: string | null;
}

/** Of each product sold in several variants, the first in stock (position, then id), named by its option values in the type's axis order. */
async function firstVariants(db: Database, productIds: number[]): Promise<Map<number, VariantRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await rowsOf<VariantRow>(
    db,
    sql`select distinct on (v.product_id) v.product_id as "productId", v.id, v.sku, v.price::text as price, v.stock,
        coalesce(i.url, p.image_url) as "imageUrl",
        coalesce((select string_agg(ov.label, ' / ' order by pto.position nulls last, ot.position, ot.id)
          from variant_option_values vov
          join option_values ov on ov.id = vov.option_value_id
          join option_types ot on ot.id = vov.option_type_id
          left join product_type_options pto on pto.product_type_id = p.product_type_id and pto.option_type_id = vov.option_type_id
          where vov.variant_id = v.id), '') as name
      from product_variants v join products p on p.id = v.product_id
      left join product_images i on i.id = v.image_id
      where v.product_id in (${sql.join(
        productIds.map((productId) => sql`${productId}`),
        sql`, `,
      )}) and v.stock > 0
        and (select count(*) from product_variants other where other.product_id = v.product_id) > 1
      order by v.product_id, v.position, v.id`,
  );
  return new Map(rows.map((row) => [row.productId, row]));
}

/**
 * Up to MAX_BOUGHT_TOGETHER products to buy with product `id` (decision 068), best first, each with the
 * variant its "Add" buys. A missing or deleted product is a 404, as its page is.
 */
export async function listBoughtTogether(db: Database, catalog: Pick<CatalogReads, 'listProducts'>, id: number): Promise<BoughtTogetherItem[]> {
  const picks = await pickIds(db, id);
  if (picks === null) throw notFound('Product not found');
  if (picks.length === 0) return [];
  const ids = picks.map((pick) => pick.id);
  const [cards, variants] = await Promise.all([catalog.listProducts({ ids, page: 1, pageSize: ids.length }), firstVariants(db, ids)]);
  const cardOf = new Map(cards.map((card) => [card.id, card]));
  return picks.flatMap((pick) => {
    const card = cardOf.get(pick.id);
    if (!card) return [];
    const variant = variants.get(pick.id);
    return [
      {
        ...card,
        variant: variant
          ? { id: variant.id, name: variant.name, sku: variant.sku, price: variant.price, stock: variant.stock, imageUrl: variant.imageUrl }
          : null,
        reason: pick.reason,
      },
    ];
  });
}
