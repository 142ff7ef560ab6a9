import { sql } from 'drizzle-orm';
import type { CatalogSort } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { pacer } from '#server/pace.ts';
import { buildSearchIndex, ROWS_PER_PACE, WORD_SEPARATOR, type IndexedBrand, type IndexedProduct, type SearchIndex } from './search-index.ts';

// The kept catalogue's read (decision 073, "Later: the kept catalogue's read held the instance"): what the shop
// page's listing counts and orders over, written by PostgreSQL as a few texts and split here in pieces with turns
// for requests between them, and the search index over the same places, read at the first search after it.

/** Between one product's values and the next's in the kept catalogue's reads (chr(31) within a product's). */
const PRODUCT_SEPARATOR = String.fromCharCode(30);
/** The longest piece of the kept catalogue's build between two turns for requests. */
const BUILD_SLICE_MS = 5;

/** The sorts whose order is kept (top_rated follows reviews, which the change notices do not cover). */
export type KeptSort = Exclude<CatalogSort, 'top_rated'>;
const KEPT_SORTS: readonly KeptSort[] = ['featured', 'newest', 'price_asc', 'price_desc', 'name'];
export const isKeptSort = (sort: CatalogSort): sort is KeptSort => (KEPT_SORTS as readonly string[]).includes(sort);

export interface Snapshot {
  ids: Int32Array;
  typeIds: Int32Array;
  /** 0: no brand */
  brandIds: Int32Array;
  priceCents: Float64Array;
  approved: Uint8Array;
  /** every facet_values entry ("<facet>=<value>") once, with its facet's key and value apart */
  terms: { term: string; facet: string; value: string }[];
  termOf: Map<string, number>;
  /** each product's facet_values as indexes into terms */
  termsOf: Int32Array[];
  /** per sort, the products' places in the order its ranks give (stock aside: sold-out products go last per listing) */
  orders: Record<KeptSort, Int32Array>;
  placeOf: Map<number, number>;
  /**
   * The products' words, for a search's matches and order (decision 075), by the same places: read and built at the
   * first search after the snapshot, so a listing after a change does not wait for them (they are most of the read).
   */
  search(): Promise<SearchIndex>;
}

/**
 * The kept catalogue as PostgreSQL writes it: one text per column, every product's value in place order (by name in
 * the database's collation, then id) joined by commas, the facet values of a product by chr(31) and the products by
 * chr(30); and each kept sort's order as places, ordered by PostgreSQL over integers (ties by name, as the statement
 * orders them). Split in the process, that is a few native splits, where a row object per product (and a sort per
 * order in JavaScript) held the instance's requests for hundreds of ms at 50,000 products.
 */
interface SnapshotColumns {
  ids: string | null;
  typeIds: string | null;
  brandIds: string | null;
  cents: string | null;
  approved: string | null;
  terms: string | null;
  featured: string | null;
  newest: string | null;
  priceAsc: string | null;
  priceDesc: string | null;
}

const SNAPSHOT_COLUMNS = sql`
  with p as (
    select (row_number() over (order by name asc, id asc) - 1)::int as place, id, product_type_id, coalesce(brand_id, 0) as brand_id,
      round(price * 100)::bigint as cents, usapa_status = 'approved' as approved, is_featured, coalesce(release_date, created_at) as released,
      coalesce(array_to_string(facet_values, chr(31)), '') as terms
    from products where not is_deleted
  )
  select string_agg(id::text, ',' order by place) as ids, string_agg(product_type_id::text, ',' order by place) as "typeIds",
    string_agg(brand_id::text, ',' order by place) as "brandIds", string_agg(cents::text, ',' order by place) as cents,
    string_agg(case when approved then '1' else '0' end, '' order by place) as approved,
    string_agg(terms, chr(30) order by place) as terms,
    string_agg(place::text, ',' order by is_featured desc, place) as featured, string_agg(place::text, ',' order by released desc, place) as newest,
    string_agg(place::text, ',' order by cents asc, place) as "priceAsc", string_agg(place::text, ',' order by cents desc, place) as "priceDesc"
  from p`;

/** A column of numbers as PostgreSQL joined them (null: no products). */
const numbers = <T extends Int32Array | Float64Array>(Kind: { from(values: Iterable<number>): T }, joined: string | null): T =>
  Kind.from(joined ? joined.split(',').map(Number) : []);

/**
 * Read and built with turns for requests between its steps (server/pace.ts): at 50,000 products the build is
 * several hundred ms of work, which in one piece held every request of the instance until it ended.
 */
export async function readSnapshot(db: Database): Promise<Snapshot> {
  const pace = pacer(BUILD_SLICE_MS);
  const [columns] = ((await db.execute(SNAPSHOT_COLUMNS)) as unknown as { rows: SnapshotColumns[] }).rows;
  // a column at a time (a few ms each at 50,000 products), with a turn for requests between them
  const column = async <T extends Int32Array | Float64Array>(Kind: { from(values: Iterable<number>): T }, joined: string | null) => {
    await pace();
    return numbers(Kind, joined);
  };
  const ids = await column(Int32Array, columns!.ids);
  const orders: Record<KeptSort, Int32Array> = {
    name: Int32Array.from(ids, (_, place) => place),
    featured: await column(Int32Array, columns!.featured),
    newest: await column(Int32Array, columns!.newest),
    price_asc: await column(Int32Array, columns!.priceAsc),
    price_desc: await column(Int32Array, columns!.priceDesc),
  };
  const brandIds = await column(Int32Array, columns!.brandIds);
  const typeIds = await column(Int32Array, columns!.typeIds);
  const priceCents = await column(Float64Array, columns!.cents);
  await pace();
  const terms: Snapshot['terms'] = [];
  const termOf = new Map<string, number>();
  const indexOf = (term: string) => {
    let index = termOf.get(term);
    if (index === undefined) {
      const split = term.indexOf('=');
      index = terms.push({ term, facet: term.slice(0, split), value: term.slice(split + 1) }) - 1;
      termOf.set(term, index);
    }
    return index;
  };
  const termsOf: Int32Array[] = [];
  const productTerms = ids.length ? columns!.terms!.split(PRODUCT_SEPARATOR) : [];
  for (const joined of productTerms) {
    if (termsOf.length % ROWS_PER_PACE === 0) await pace();
    termsOf.push(joined ? Int32Array.from(joined.split(WORD_SEPARATOR), indexOf) : new Int32Array(0));
  }
  await pace();
  const placeOf = new Map<number, number>();
  for (let place = 0; place < ids.length; place += 1) {
    if (place % (16 * ROWS_PER_PACE) === 0) await pace();
    placeOf.set(ids[place]!, place);
  }
  let search: Promise<SearchIndex> | null = null;
  return {
    ids,
    typeIds,
    brandIds,
    priceCents,
    approved: Uint8Array.from(columns!.approved ?? '', (flag) => (flag === '1' ? 1 : 0)),
    terms,
    termOf,
    termsOf,
    orders,
    placeOf,
    search() {
      search ??= readSearchIndex(db, brandIds, placeOf).catch((error: unknown) => {
        // not kept: the next search reads again
        search = null;
        throw error;
      });
      return search;
    },
  };
}

/** A product's words as the search index reads them: joined by chr(31) (WORD_SEPARATOR), split one product at a time. */
interface WordsRow extends IndexedProduct {
  id: number;
}

/**
 * The search index over the snapshot's products, by its places. Read by id into those places: a product written
 * since the snapshot (its change notice not yet here) is left out, as it is from the snapshot. A row per product:
 * PostgreSQL's joining every product's words into one text per column (as the snapshot's read does) sorted them
 * by id once per column, 0.15 s more than this at 60,000 products for no shorter hold.
 */
async function readSearchIndex(db: Database, brandIds: Int32Array, placeOf: ReadonlyMap<number, number>): Promise<SearchIndex> {
  const words = (weight: string) => sql.raw(`array_to_string(tsvector_to_array(ts_filter(search_vector, '{${weight}}')), chr(31))`);
  const [result, brands] = (await Promise.all([
    db.execute(sql`
      select id, name, sku, ${words('a')} as "nameWords", ${words('c')} as "detailWords", ${words('d')} as "descriptionWords"
      from products where not is_deleted`),
    db.execute(sql`select id, name, tsvector_to_array(search_vector) as words from brands`),
  ])) as unknown as [{ rows: WordsRow[] }, { rows: IndexedBrand[] }];
  const pace = pacer(BUILD_SLICE_MS);
  const byPlace = new Array<WordsRow | undefined>(brandIds.length);
  for (let index = 0; index < result.rows.length; index += 1) {
    if (index % (4 * ROWS_PER_PACE) === 0) await pace();
    const row = result.rows[index]!;
    const place = placeOf.get(row.id);
    if (place !== undefined) byPlace[place] = row;
  }
  return buildSearchIndex(brandIds, byPlace, brands.rows, pace);
}
