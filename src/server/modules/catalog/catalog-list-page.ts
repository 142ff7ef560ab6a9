import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';
import { itemJson } from './listing-statement.ts';

// The spec's product lists (GET /api/products, /api/products/featured) a page at a time, paged in SQL and
// written by PostgreSQL as JSON text in the CatalogItem shape (itemJson, as the shop page's listing writes
// its page, decision 064): the process neither maps nor encodes a product, and a search matching half the
// catalogue reads one page of it whole, not every match.

/** A page of a product list: CatalogItem[] as JSON text, and how many products the whole list has. */
export interface ProductPageJson {
  json: string;
  total: number;
}

/** Where a page starts and how long it is; values or placeholders named limit and offset. */
type Bound = number | ReturnType<typeof sql.placeholder>;

/**
 * The statement for one page of the products a condition holds for, in an order: the matches are numbered
 * over ids and sort keys in one pass (which also counts them, past the last page too), and only the page's
 * products are read whole.
 */
function productPageSql(where: SQL | undefined, orderBy: SQL[], limit: Bound, offset: Bound): SQL {
  return sql`with ranked as materialized (
      select ${products.id} as id, row_number() over (order by ${sql.join(orderBy, sql`, `)}) as position
      from ${products} left join ${brands} on ${brands.id} = ${products.brandId}
      where not ${products.isDeleted} ${where ? sql`and ${where}` : sql``}
    ),
    page as (select id, position from ranked where position > ${offset} and position <= ${offset}::bigint + ${limit})
    select
      (select coalesce(json_agg(${itemJson} order by page.position), '[]'::json)
        from page join products p on p.id = page.id left join brands b on b.id = p.brand_id)::text as json,
      (select count(*) from ranked)::int as total`;
}

const selectPage = (db: Database | Transaction, statement: SQL) =>
  db.select({ json: sql<string>`product_page.json`, total: sql<number>`product_page.total` }).from(sql`(${statement}) product_page`);

/** The rows one page skips and takes. */
export interface PageAt {
  page: number;
  pageSize: number;
}

const boundsOf = (at: PageAt) => ({ limit: at.pageSize, offset: (at.page - 1) * at.pageSize });

/** One page of a product list built for this read (a brand's products, a search's typos...). */
export async function readProductPage(db: Database | Transaction, where: SQL | undefined, orderBy: SQL[], at: PageAt): Promise<ProductPageJson> {
  const { limit, offset } = boundsOf(at);
  const [row] = await selectPage(db, productPageSql(where, orderBy, limit, offset));
  return row!;
}

/**
 * A product list's page statement prepared once by name, for the lists most reads are (the whole
 * catalogue, the featured products, a search's exact matches); `params` are the condition's placeholders.
 */
export function prepareProductPage(db: Database, name: string, where: SQL | undefined, orderBy: SQL[]) {
  const prepared = selectPage(db, productPageSql(where, orderBy, sql.placeholder('limit'), sql.placeholder('offset'))).prepare(name);
  return async (at: PageAt, params: Record<string, unknown> = {}): Promise<ProductPageJson> => (await prepared.execute({ ...params, ...boundsOf(at) }))[0]!;
}
