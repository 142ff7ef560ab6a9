import { sql } from 'drizzle-orm';
import type { CatalogSort } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { pacer } from '#server/pace.ts';
import { PRICE_BANDS } from './catalog-facets.ts';
import { IntList } from './int-list.ts';
import {
  buildSearchIndex,
  ROWS_PER_PACE,
  type AnalysedSearch,
  type IndexedBrand,
  type IndexedProduct,
  type SearchIndex,
  type SearchMatches,
} from './search-index.ts';

// The kept catalogue's read (decision 073, "Later: the kept catalogue's read held the instance"): what the shop
// page's listing counts and orders over, written by PostgreSQL as a few texts and split here in pieces with turns
// for requests between them, and the search index over the same places, read at the first search after it.

/**
 * The longest piece of the kept catalogue's build between two turns for requests: in the shop's thread, its
 * requests; in the catalogue's worker thread (catalog-worker.ts), searches over the snapshot before, which need
 * fewer turns (each costs a timer's ms).
 */
export const BUILD_SLICE_MS = { shopThread: 5, worker: 25 } as const;

/** The sorts whose order is kept (top_rated follows reviews, which the change notices do not cover). */
export type KeptSort = Exclude<CatalogSort, 'top_rated'>;
const KEPT_SORTS: readonly KeptSort[] = ['featured', 'newest', 'price_asc', 'price_desc', 'name'];
export const isKeptSort = (sort: CatalogSort): sort is KeptSort => (KEPT_SORTS as readonly string[]).includes(sort);

/** Numbers of few distinct values (brand and type ids) as slots 0, 1, ... per product, for counting into arrays. */
interface Slots {
  /** per product, its value's slot */
  of: Int32Array;
  /** per slot, its value */
  values: number[];
}

/** What the listing counts and orders over, as numbers and a few short texts (a worker thread can send it). */
export interface SnapshotData {
  ids: Int32Array;
  typeIds: Int32Array;
  types: Slots;
  /** 0: no brand */
  brandIds: Int32Array;
  brands: Slots;
  priceCents: Float64Array;
  /** per product, the index of its price's band in PRICE_BANDS (-1: none) */
  priceBands: Int8Array;
  approved: Uint8Array;
  /** every facet_values entry ("<facet>=<value>") once, with its facet's key and value apart */
  terms: { term: string; facet: string; value: string }[];
  termOf: Map<string, number>;
  /** per term, the number of its facet's key in facetNumbers */
  termFacets: Int32Array;
  facetNumbers: Map<string, number>;
  /**
   * Each product's facet_values as indexes into terms, one array for all (CSR): product p's are
   * termItems[termStarts[p]] to termItems[termStarts[p + 1]] less one.
   */
  termStarts: Int32Array;
  termItems: Int32Array;
  /** per sort, the products' places in the order its ranks give (stock aside: sold-out products go last per listing) */
  orders: Record<KeptSort, Int32Array>;
  /** per product id, its place (-1: none; ids past the end: none) */
  placeById: Int32Array;
  /** What the products' and brands' words were at the snapshot's read (WORDS_PRINT). */
  wordsPrint: string;
}

/** The kept catalogue as the listing uses it: its data, and a search's matches over the same places. */
export interface Snapshot extends SnapshotData {
  /** Rejects with SnapshotGone when the snapshot's search index is no longer kept (a newer snapshot's is). */
  match(search: AnalysedSearch): Promise<SearchMatches>;
}

/** A search over a snapshot that its worker thread no longer keeps (catalog-worker.ts): search the current one. */
export class SnapshotGone extends Error {
  constructor() {
    super('the snapshot is no longer kept');
  }
}

/** The kept catalogue as read in this thread, with the search index over its products. */
export interface ReadSnapshot {
  data: SnapshotData;
  /**
   * The products' words, for a search's matches and order (decision 075), by the same places: read and built at the
   * first search after the snapshot, so a listing after a change does not wait for them (they are most of the read).
   */
  search(): Promise<SearchIndex>;
  /** The search index once read, with the words' print it was read at (null: none yet, or read across a change). */
  builtSearch(): BuiltSearch | null;
}

/** Reads the kept catalogue for the listing; `previous` is the last one read (what it left as it was can be kept). */
export type SnapshotReader = (previous: Snapshot | null) => Promise<Snapshot>;

/** The kept catalogue read and searched in this thread (PGlite, whose one connection is this thread's). */
export function readingInThisThread(db: Database): SnapshotReader {
  const reads = new WeakMap<Snapshot, ReadSnapshot>();
  return async (previous) => {
    const read = await readSnapshot(db, (previous && reads.get(previous)) ?? null);
    const snapshot: Snapshot = { ...read.data, match: async (search) => (await read.search()).match(search) };
    reads.set(snapshot, read);
    return snapshot;
  };
}

/** A product's place in the snapshot; undefined: not in it. */
export function placeOf(snapshot: SnapshotData, id: number): number | undefined {
  const place = id >= 0 && id < snapshot.placeById.length ? snapshot.placeById[id]! : -1;
  return place === -1 ? undefined : place;
}

interface BuiltSearch {
  wordsPrint: string;
  index: SearchIndex;
}

/**
 * A print of everything the search index is made of: each product's id, name, SKU, brand and words, and each brand's
 * name and words (each as a row's text, where a missing value and an empty one differ). Most of the owner's changes (a price, stock, featuring, approval) leave it as it was; a snapshot read
 * with the print of the one before keeps that one's search index rather than reading and building it again (about a
 * second of the instance's time at 50,000 products). The places agree too: they follow the names and ids.
 */
const WORDS_PRINT = sql`(
  select concat_ws(':', count(*), sum(hashtextextended((id, name, sku, brand_id, search_vector)::text, 0)::numeric),
    (select sum(hashtextextended((id, name, search_vector)::text, 0)::numeric) from brands))
  from products where not is_deleted)`;

/**
 * The kept catalogue as PostgreSQL writes it: one text per column, every product's value in place order (by name in
 * the database's collation, then id) joined by commas, the facet values of a product by chr(31) and the products by
 * chr(30); and each kept sort's order as places, ordered by PostgreSQL over integers (ties by name, as the statement
 * orders them). Read here character by character into typed arrays, with no string per number and only short-lived
 * ones per facet value: a row object per product, then the texts split into a string per value, held the instance's
 * requests for hundreds of ms at 50,000 products, most of it the garbage collector's. The places are numbered over
 * the names and ids alone, in their index's order (migration 0052): the whole rows in name order were a sort that
 * spilled to disk, in parallel on the database's other cores.
 */
interface SnapshotColumns {
  count: number;
  wordsPrint: string;
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
    select ord.place, id, product_type_id, coalesce(brand_id, 0) as brand_id,
      round(price * 100)::bigint as cents, usapa_status = 'approved' as approved, is_featured, coalesce(release_date, created_at) as released,
      coalesce(array_to_string(facet_values, chr(31)), '') as terms
    from products
    join (select id, (row_number() over (order by name asc, id asc) - 1)::int as place from products where not is_deleted) ord using (id)
    where not is_deleted
  )
  select count(*)::int as count, ${WORDS_PRINT} as "wordsPrint", string_agg(id::text, ',' order by place) as ids, string_agg(product_type_id::text, ',' order by place) as "typeIds",
    string_agg(brand_id::text, ',' order by place) as "brandIds", string_agg(cents::text, ',' order by place) as cents,
    string_agg(case when approved then '1' else '0' end, '' order by place) as approved,
    string_agg(terms, chr(30) order by place) as terms,
    string_agg(place::text, ',' order by is_featured desc, place) as featured, string_agg(place::text, ',' order by released desc, place) as newest,
    string_agg(place::text, ',' order by cents asc, place) as "priceAsc", string_agg(place::text, ',' order by cents desc, place) as "priceDesc"
  from p`;

const COMMA = 44;
const MINUS = 45;
const VALUE_SEPARATOR = String.fromCharCode(31);
const PRODUCT_SEPARATOR = String.fromCharCode(30);

/** A column of integers as PostgreSQL joined them by commas (null: no products), read into `count` places. */
function numbers<T extends Int32Array | Float64Array>(Kind: new (length: number) => T, joined: string | null, count: number): T {
  const values = new Kind(count);
  if (!joined) return values;
  let index = 0;
  let value = 0;
  let sign = 1;
  for (let at = 0; at < joined.length; at += 1) {
    const code = joined.charCodeAt(at);
    if (code === COMMA) {
      values[index++] = sign * value;
      value = 0;
      sign = 1;
    } else if (code === MINUS) sign = -1;
    else value = value * 10 + code - 48;
  }
  values[index] = sign * value;
  return values;
}

/**
 * Each product's facet values (SnapshotColumns.terms) as numbers into one list of every value (Snapshot.terms), in
 * one array for all products (Snapshot.termStarts). `numberOf` answers a value's number, numbering new ones. Awaits
 * `pace` between products now and then: at 50,000 products this is the build's longest step.
 */
async function productTerms(
  joined: string | null,
  count: number,
  numberOf: (term: string) => number,
  pace: () => Promise<void>,
): Promise<Pick<Snapshot, 'termStarts' | 'termItems'>> {
  const termStarts = new Int32Array(count + 1);
  const items = new IntList();
  if (!joined) return { termStarts, termItems: items.toArray() };
  const nextOf = (separator: string, from: number) => {
    const at = joined.indexOf(separator, from);
    return at === -1 ? joined.length : at;
  };
  let nextValue = nextOf(VALUE_SEPARATOR, 0);
  let nextProduct = nextOf(PRODUCT_SEPARATOR, 0);
  let start = 0;
  for (let place = 0; place < count;) {
    const end = Math.min(nextValue, nextProduct);
    if (end > start) items.push(numberOf(joined.slice(start, end)));
    start = end + 1;
    if (end === nextValue) nextValue = nextOf(VALUE_SEPARATOR, start);
    if (end === nextProduct) {
      termStarts[++place] = items.length;
      nextProduct = nextOf(PRODUCT_SEPARATOR, start);
      if (place % ROWS_PER_PACE === 0) await pace();
    }
  }
  return { termStarts, termItems: items.toArray() };
}

/**
 * Read and built with turns for requests between its steps (server/pace.ts): at 50,000 products the build is
 * several hundred ms of work, which in one piece held every request of the instance until it ended.
 */
export async function readSnapshot(db: Database, previous: ReadSnapshot | null = null, sliceMs: number = BUILD_SLICE_MS.shopThread): Promise<ReadSnapshot> {
  const pace = pacer(sliceMs);
  const [columns] = ((await db.execute(SNAPSHOT_COLUMNS)) as unknown as { rows: SnapshotColumns[] }).rows;
  const { count } = columns!;
  // a column at a time (about a ms each at 50,000 products), with a turn for requests between them
  const column = async <T extends Int32Array | Float64Array>(Kind: new (length: number) => T, joined: string | null) => {
    await pace();
    return numbers(Kind, joined, count);
  };
  const ids = await column(Int32Array, columns!.ids);
  const orders: Record<KeptSort, Int32Array> = {
    name: new Int32Array(count).map((_, place) => place),
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
  const { termStarts, termItems } = await productTerms(
    columns!.terms,
    count,
    (term) => {
      let number = termOf.get(term);
      if (number === undefined) {
        const split = term.indexOf('=');
        number = terms.push({ term, facet: term.slice(0, split), value: term.slice(split + 1) }) - 1;
        termOf.set(term, number);
      }
      return number;
    },
    pace,
  );
  const facetNumbers = new Map<string, number>();
  const termFacets = Int32Array.from(terms, ({ facet }) => {
    if (!facetNumbers.has(facet)) facetNumbers.set(facet, facetNumbers.size);
    return facetNumbers.get(facet)!;
  });
  await pace();
  const placeById = new Int32Array(ids.reduce((max, id) => Math.max(max, id), -1) + 1).fill(-1);
  for (let place = 0; place < count; place += 1) placeById[ids[place]!] = place;
  // not `columns` in what the snapshot keeps: its texts are megabytes
  const { wordsPrint } = columns!;
  const kept = previous?.builtSearch();
  let built = kept?.wordsPrint === wordsPrint ? kept : null;
  let search = built ? Promise.resolve(built.index) : null;
  // a turn between the derived columns: each is a pass over every product
  const types = slotsOf(typeIds);
  await pace();
  const brands = slotsOf(brandIds);
  await pace();
  const priceBands = new Int8Array(count);
  for (let place = 0; place < count; place += 1) priceBands[place] = bandOf(priceCents[place]!);
  await pace();
  const approved = new Uint8Array(count);
  for (let place = 0; place < count; place += 1) approved[place] = columns!.approved!.charCodeAt(place) === 49 ? 1 : 0;
  await pace();
  const data: SnapshotData = {
    ids,
    typeIds,
    types,
    brandIds,
    brands,
    priceCents,
    priceBands,
    approved,
    terms,
    termOf,
    termFacets,
    facetNumbers,
    termStarts,
    termItems,
    orders,
    placeById,
    wordsPrint,
  };
  return {
    data,
    search() {
      search ??= readSearchIndex(db, data, sliceMs).then(
        (read) => {
          // read across a change of words: placed by this snapshot's names, so not for the next one
          if (read.wordsPrint === wordsPrint) built = read;
          return read.index;
        },
        (error: unknown) => {
          // not kept: the next search reads again
          search = null;
          throw error;
        },
      );
      return search;
    },
    builtSearch: () => built,
  };
}

/** The index of the price band (PRICE_BANDS, which do not overlap) a price in cents is in; -1: none. */
function bandOf(cents: number): number {
  for (let band = 0; band < PRICE_BANDS.length; band += 1) {
    const { min, max } = PRICE_BANDS[band]!;
    if (cents >= min && (max === null || cents < max)) return band;
  }
  return -1;
}

function slotsOf(values: Int32Array): Slots {
  const slotOf = new Map<number, number>();
  const of = new Int32Array(values.length);
  for (let index = 0; index < values.length; index += 1) {
    let slot = slotOf.get(values[index]!);
    if (slot === undefined) slotOf.set(values[index]!, (slot = slotOf.size));
    of[index] = slot;
  }
  return { of, values: [...slotOf.keys()] };
}

/** A product's words as the search index reads them (joined by chr(31), WORD_SEPARATOR); or, once, the print and the brands. */
interface WordsRow extends IndexedProduct {
  id: number | null;
  wordsPrint: string | null;
  brands: IndexedBrand[] | null;
}

/**
 * The search index over the snapshot's products, by its places, with the words' print in the same statement. Read
 * by id into those places: a product written since the snapshot (its change notice not yet here) is left out, as it
 * is from the snapshot. A row per product: PostgreSQL's joining every product's words into one text per column (as
 * the snapshot's read does) sorted them by id once per column, 0.15 s more than this at 60,000 products.
 */
async function readSearchIndex(db: Database, snapshot: SnapshotData, sliceMs: number): Promise<BuiltSearch> {
  const words = (weight: string) => sql.raw(`array_to_string(tsvector_to_array(ts_filter(search_vector, '{${weight}}')), chr(31))`);
  const { rows } = (await db.execute(sql`
    select id, name, sku, ${words('a')} as "nameWords", ${words('c')} as "detailWords", ${words('d')} as "descriptionWords",
      null as "wordsPrint", null::json as brands
    from products where not is_deleted
    union all
    select null, null, null, null, null, null, ${WORDS_PRINT},
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'words', tsvector_to_array(search_vector))), '[]') from brands)`)) as unknown as {
    rows: WordsRow[];
  };
  const pace = pacer(sliceMs);
  const byPlace = new Array<WordsRow | undefined>(snapshot.ids.length);
  let about: WordsRow | undefined;
  for (let index = 0; index < rows.length; index += 1) {
    if (index % (4 * ROWS_PER_PACE) === 0) await pace();
    const row = rows[index]!;
    const place = row.id === null ? undefined : placeOf(snapshot, row.id);
    if (place !== undefined) byPlace[place] = row;
    else if (row.id === null) about = row;
  }
  return { wordsPrint: about!.wordsPrint!, index: await buildSearchIndex(snapshot.brandIds, byPlace, about!.brands!, pace) };
}
