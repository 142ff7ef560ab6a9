import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE, type CatalogSort } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { countedValue, parsePriceRange, type FacetDef } from './catalog-facets.ts';

// The shop page's listing without a search (decision 064): one prepared statement per product type and
// sort, whatever the shopper ticks. Every facet of the type is in its text with its chosen values as
// parameters (none chosen: a null, and the facet allows every product), so a second brand or a spec
// filter runs the same statement again rather than building new SQL. One pass over the type's products
// flags each against every facet; the facet counts and the page are taken from that pass, and
// PostgreSQL writes the page's products as JSON text in the CatalogItem shape (as the product page's
// read, decision 033): the counts come back as JSON too, a few dozen numbers the answer is put around.

/** A facet's test on products (alias p), its parameters named after the facet's place. */
function facetTest(facet: FacetDef, index: number): SQL {
  const param = sql.placeholder(`f${index}`);
  switch (facet.counting.by) {
    case 'brand':
      return sql`(${param}::int[] is null or p.brand_id = any(${param}::int[]))`;
    case 'price': {
      const high = sql.placeholder(`f${index}hi`);
      return sql`(${param}::numeric[] is null or exists (
        select 1 from unnest(${param}::numeric[], ${high}::numeric[]) as range(lo, hi) where p.price >= range.lo and (range.hi is null or p.price < range.hi)))`;
    }
    case 'in_stock':
      return sql`(${param}::boolean is not true or p.stock > 0)`;
    case 'usapa':
      return sql`(${param}::boolean is not true or p.usapa_status = 'approved')`;
    case 'terms':
      return sql`(${param}::text[] is null or p.facet_values && ${param}::text[])`;
  }
}

/** The parameters of a facet's test for what the shopper chose (facet.selected). */
function facetParams(facet: FacetDef, index: number): Record<string, unknown> {
  const chosen = facet.selected.length > 0;
  switch (facet.counting.by) {
    case 'brand':
      return { [`f${index}`]: chosen ? facet.selected.map(Number) : null };
    case 'price': {
      const ranges = facet.selected.flatMap((text) => parsePriceRange(text) ?? []);
      const dollars = (cents: number) => (cents / 100).toFixed(2);
      return {
        [`f${index}`]: ranges.length ? ranges.map((range) => dollars(range.min)) : null,
        [`f${index}hi`]: ranges.length ? ranges.map((range) => (range.max === null ? null : dollars(range.max))) : null,
      };
    }
    case 'in_stock':
    case 'usapa':
      return { [`f${index}`]: chosen };
    case 'terms':
      return { [`f${index}`]: chosen ? facet.selected.map((value) => `${facet.key}=${value}`) : null };
  }
}

/** The order of the page over the pass's rows (alias base): as the listing with a search orders products (catalog-listing.ts). */
function pageOrder(sort: CatalogSort): SQL {
  const order: Record<CatalogSort, string> = {
    featured: 'base.is_featured desc,',
    newest: 'base.released desc,',
    price_asc: 'base.price asc,',
    price_desc: 'base.price desc,',
    name: '',
    top_rated: 'base.rating_average desc nulls last, base.rating_count desc,',
  };
  // sold-out products after the available ones, whatever the sort
  return sql.raw(`base.stock > 0 desc, ${order[sort]} base.name asc, base.id asc`);
}

/** A text constant in the statement's text (facet keys are the owner's spec and axis keys). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

const utcIso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page's product as CatalogItem (#common/schemas/catalog-listing.ts), fields in its order, written as
 * toCatalogItem writes them and in the order the other reads send them (the brand, optional, last; a test holds them together): prices with two decimals,
 * dates as ISO strings in UTC, the highest variant price or the product's own, the variant count.
 */
export const itemJson = sql.raw(`json_build_object(
  'id', p.id, 'brandId', p.brand_id, 'name', p.name, 'slug', p.slug, 'sku', p.sku, 'price', p.price::text,
  'description', p.description, 'thickness', p.thickness, 'color', p.color, 'imageUrl', p.image_url, 'stock', p.stock,
  'releaseDate', ${utcIso('p.release_date')}, 'isFeatured', p.is_featured, 'productTypeId', p.product_type_id,
  'usapaStatus', p.usapa_status, 'usapaCheckedOn', to_char(p.usapa_checked_on, 'YYYY-MM-DD'),
  'priceMax', coalesce((select max(pv.price) from product_variants pv where pv.product_id = p.id), p.price)::text,
  'variantCount', (select count(*)::int from product_variants pv where pv.product_id = p.id),
  'ratingAverage', p.rating_average::float8, 'ratingCount', p.rating_count,
  'brand', case when b.id is null then null else json_build_object(
    'id', b.id, 'name', b.name, 'slug', b.slug, 'description', b.description, 'imageUrl', b.image_url, 'isFeatured', b.is_featured) end,
  'giftCard', exists (select 1 from product_types pt where pt.id = p.product_type_id and pt.slug = '${GIFT_CARD_TYPE_SLUG}'))`);

/** The statement's text for a type's facets (in order) and a sort; the values are its parameters. */
function listingSql(facets: FacetDef[], typeId: number | null, sort: CatalogSort): SQL {
  const tests = facets.map(facetTest);
  const flag = (index: number) => sql.raw(`m${index}`);
  const misses = tests.length
    ? sql.join(
        tests.map((_, index) => sql`(not ${flag(index)})::int`),
        sql` + `,
      )
    : sql`0`;
  const firstMiss = tests.length
    ? sql`case ${sql.join(
        facets.map((facet, index) => sql`when not ${flag(index)} then ${literal(facet.key)}`),
        sql` `,
      )} end`
    : sql`null::text`;
  // the facets every type shares (brand, price, stock, approval): what the categories are counted under
  const shared = facets.flatMap((facet, index) => (facet.key.includes('.') ? [] : [index]));
  const allOf = (list: SQL[]) => (list.length ? sql.join(list, sql` and `) : sql`true`);
  const countsFor = (key: string) => sql`base.misses = 0 or (base.misses = 1 and base.first_miss = ${literal(key)})`;
  const selects = facets.flatMap((facet) => {
    const counted = countedValue(facet);
    if (!counted) return [];
    return [
      sql`select ${literal(facet.key)}::text as facet, ${counted.value} as value, count(*)::int as count from ${counted.from} where ${countsFor(facet.key)} group by 2`,
    ];
  });
  if (facets.some((facet) => facet.counting.by === 'terms')) {
    selects.push(sql`select 'term'::text, term, count(*)::int from (
        select unnest(base.facet_values) as term, base.misses, base.first_miss from base where base.misses <= 1
      ) terms
      where misses = 0 or starts_with(term, first_miss || '=')
      group by 2`);
  }
  selects.push(
    typeId === null
      ? sql`select 'type'::text, base.product_type_id::text, count(*)::int from base where base.shared_ok group by 2`
      : sql`select 'type'::text, p.product_type_id::text, count(*)::int from products p where not p.is_deleted and ${allOf(shared.map((index) => tests[index]!))} group by 2`,
  );
  selects.push(sql`select 'total'::text, null, count(*)::int from base where base.misses = 0`);
  const order = pageOrder(sort);
  // "offset 0" keeps each facet's test evaluated once per product, not once per expression reading it
  return sql`with base as materialized (
      select id, brand_id, price, stock, usapa_status, facet_values, product_type_id, is_featured, released, name,
        rating_average, rating_count, ${misses} as misses, ${firstMiss} as first_miss, ${allOf(shared.map(flag))} as shared_ok
      from (
        select p.id, p.brand_id, p.price, p.stock, p.usapa_status, p.facet_values, p.product_type_id, p.is_featured,
          coalesce(p.release_date, p.created_at) as released, p.name, p.rating_average, p.rating_count
          ${sql.join(
            tests.map((test, index) => sql`, ${test} as ${flag(index)}`),
            sql``,
          )}
        from products p
        where not p.is_deleted ${typeId === null ? sql`` : sql.raw(`and p.product_type_id = ${Number(typeId)}`)}
        offset 0
      ) flagged
    ),
    counts as (${sql.join(selects, sql` union all `)}),
    page as (
      select base.id, row_number() over (order by ${order}) as position from base where base.misses = 0
      order by ${order} limit ${CATALOG_PAGE_SIZE} offset ${sql.placeholder('offset')}
    )
    select
      (select coalesce(json_agg(${itemJson} order by page.position), '[]'::json)
        from page join products p on p.id = page.id left join brands b on b.id = p.brand_id)::text as items,
      (select coalesce(json_agg(json_build_array(counts.facet, counts.value, counts.count)), '[]'::json) from counts)::text as counts`;
}

export interface CountRow {
  facet: string;
  value: string | null;
  count: number;
}

type Prepared = ReturnType<typeof prepareListing>;

function prepareListing(db: Database, statement: SQL, name: string) {
  return db
    .select({ items: sql<string>`listing.items`, counts: sql<string>`listing.counts` })
    .from(sql`(${statement}) listing`)
    .prepare(name);
}

/** Most statements a shop keeps (types x sorts is a few dozen; a catalogue edited all day makes new texts). */
const MAX_STATEMENTS = 200;

/**
 * The listing's statements, each built and prepared once. Its text depends on the type, the sort and the
 * facets' keys and kinds alone (never on what is chosen), so that is its key, and its name is the key's hash.
 */
export function createListingStatements(db: Database) {
  const prepared = new Map<string, Prepared>();

  function statementFor(facets: FacetDef[], typeId: number | null, sort: CatalogSort): Prepared {
    const key = `${typeId ?? ''}|${sort}|${facets.map((facet) => `${facet.key}:${facet.counting.by}`).join('|')}`;
    let found = prepared.get(key);
    if (!found) {
      if (prepared.size >= MAX_STATEMENTS) prepared.clear();
      const name = `catalog_listing_${createHash('sha1').update(key).digest('hex').slice(0, 24)}`;
      found = prepareListing(db, listingSql(facets, typeId, sort), name);
      prepared.set(key, found);
    }
    return found;
  }

  return {
    /** One page of products (JSON text, CatalogItem[]) in order and every facet's counts, for the facets as planned. */
    async run(facets: FacetDef[], typeId: number | null, sort: CatalogSort, page: number): Promise<{ items: string; counts: CountRow[] }> {
      const params: Record<string, unknown> = { offset: (page - 1) * CATALOG_PAGE_SIZE };
      facets.forEach((facet, index) => Object.assign(params, facetParams(facet, index)));
      const [row] = await statementFor(facets, typeId, sort).execute(params);
      const counts = (JSON.parse(row!.counts) as [string, string | null, number][]).map(([facet, value, count]): CountRow => {
        if (facet !== 'term' || value === null) return { facet, value, count };
        const split = value.indexOf('=');
        return { facet: value.slice(0, split), value: value.slice(split + 1), count };
      });
      return { items: row!.items, counts };
    },
  };
}

export type ListingStatements = ReturnType<typeof createListingStatements>;
