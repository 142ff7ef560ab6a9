import { sql } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { createKeptRead } from '#server/db/kept-read.ts';
import { parsePriceRange, PRICE_BANDS, type FacetDef } from './catalog-facets.ts';
import { itemJson, type CountRow } from './listing-statement.ts';
import { readSnapshot, type KeptSort, type Snapshot } from './listing-snapshot-read.ts';
import type { AnalysedSearch, SearchMatches } from './search-index.ts';

// The shop page's listing at any size (decision 073). Counting every facet over every product of a type
// is linear in the catalogue whatever the index: at 50,000 products decision 064's statement took
// 400-800 ms. What the counts and the order are made of changes only when the owner edits the catalogue
// (type, brand, price, approval, spec and option values, names, dates, featured), so it is read once into
// compact arrays and kept with the listing's metadata (emptied by the same change notices); a listing then
// counts and orders in the process (a few ms for 25,000 products). Stock changes with every checkout, so
// which products are sold out is read afresh per listing (a partial index, migration 0047); the page's
// products are written by PostgreSQL by id, as decision 064's statement writes them.

/** A facet's test on a product (its place in the snapshot); null when no value of it is chosen. */
type Test = (place: number) => boolean;

function testOf(snapshot: Snapshot, soldOut: Uint8Array, facet: FacetDef): Test | null {
  if (facet.selected.length === 0) return null;
  switch (facet.counting.by) {
    case 'brand': {
      const chosen = new Set(facet.selected.map(Number));
      return (place) => chosen.has(snapshot.brandIds[place]!);
    }
    case 'price': {
      const ranges = facet.selected.flatMap((text) => parsePriceRange(text) ?? []);
      if (ranges.length === 0) return null;
      return (place) => {
        const cents = snapshot.priceCents[place]!;
        return ranges.some((range) => cents >= range.min && (range.max === null || cents < range.max));
      };
    }
    case 'in_stock':
      return (place) => soldOut[place] === 0;
    case 'usapa':
      return (place) => snapshot.approved[place] === 1;
    case 'terms': {
      const chosen = new Uint8Array(snapshot.terms.length);
      for (const value of facet.selected) {
        const index = snapshot.termOf.get(`${facet.key}=${value}`);
        if (index !== undefined) chosen[index] = 1;
      }
      return (place) => snapshot.termsOf[place]!.some((term) => chosen[term] === 1);
    }
  }
}

/** Counters for what a listing counts, by number (brands by id, terms by index), written out as CountRows at the end. */
function createCounters(snapshot: Snapshot) {
  const brands = new Map<number, number>();
  const types = new Map<number, number>();
  const terms = new Int32Array(snapshot.terms.length);
  const bands = new Int32Array(PRICE_BANDS.length);
  let inStock = 0;
  let approved = 0;
  return {
    brand: (id: number) => id !== 0 && brands.set(id, (brands.get(id) ?? 0) + 1),
    type: (id: number) => types.set(id, (types.get(id) ?? 0) + 1),
    term(index: number) {
      terms[index] = terms[index]! + 1;
    },
    price(cents: number) {
      PRICE_BANDS.forEach((band, index) => {
        if (cents >= band.min && (band.max === null || cents < band.max)) bands[index] = bands[index]! + 1;
      });
    },
    inStock: () => (inStock += 1),
    approved: () => (approved += 1),
    rows(facets: FacetDef[], total: number): CountRow[] {
      const has = (by: FacetDef['counting']['by']) => facets.some((facet) => facet.counting.by === by);
      const rows: CountRow[] = [];
      for (const [id, count] of brands) rows.push({ facet: 'brand', value: String(id), count });
      if (has('price')) PRICE_BANDS.forEach((band, index) => bands[index]! > 0 && rows.push({ facet: 'price', value: band.value, count: bands[index]! }));
      if (inStock > 0) rows.push({ facet: 'in_stock', value: '1', count: inStock });
      if (approved > 0) rows.push({ facet: 'usapa', value: '1', count: approved });
      terms.forEach((count, index) => count > 0 && rows.push({ facet: snapshot.terms[index]!.facet, value: snapshot.terms[index]!.value, count }));
      for (const [id, count] of types) rows.push({ facet: 'type', value: String(id), count });
      rows.push({ facet: 'total', value: null, count: total });
      return rows;
    },
  };
}

/**
 * The listing's counts and page over the kept catalogue, as decision 064's statement computes them: a facet's
 * values are counted under the OTHER facets' filters (a product missing no chosen facet counts for every
 * facet, one missing exactly one counts for that one alone); categories over every type under the facets
 * all types share. Within: only the products it flags (a search's matches), or all.
 */
function countFrom(snapshot: Snapshot, soldOut: Uint8Array, facets: FacetDef[], typeId: number | null, within?: Uint8Array) {
  const tests = facets.map((facet) => testOf(snapshot, soldOut, facet));
  const shared = tests.filter((test, index): test is Test => test !== null && !facets[index]!.key.includes('.'));
  const active = tests.flatMap((test, index) => (test ? [{ test, key: facets[index]!.key }] : []));
  const counting = (by: FacetDef['counting']['by']) => facets.find((facet) => facet.counting.by === by)?.key;
  const [brandKey, priceKey, inStockKey, usapaKey] = (['brand', 'price', 'in_stock', 'usapa'] as const).map(counting);
  const countsTerms = counting('terms') !== undefined;
  const counters = createCounters(snapshot);
  const matching = new Uint8Array(snapshot.ids.length);
  let total = 0;
  for (let place = 0; place < snapshot.ids.length; place += 1) {
    if (within && within[place] === 0) continue;
    if (shared.every((test) => test(place))) counters.type(snapshot.typeIds[place]!);
    if (typeId !== null && snapshot.typeIds[place] !== typeId) continue;
    let missed: string | undefined;
    let misses = 0;
    for (const { test, key } of active) {
      if (test(place)) continue;
      misses += 1;
      if (misses > 1) break;
      missed = key;
    }
    if (misses > 1) continue;
    const all = misses === 0;
    if (brandKey !== undefined && (all || missed === brandKey)) counters.brand(snapshot.brandIds[place]!);
    if (priceKey !== undefined && (all || missed === priceKey)) counters.price(snapshot.priceCents[place]!);
    if (inStockKey !== undefined && (all || missed === inStockKey) && soldOut[place] === 0) counters.inStock();
    if (usapaKey !== undefined && (all || missed === usapaKey) && snapshot.approved[place] === 1) counters.approved();
    if (countsTerms) {
      for (const term of snapshot.termsOf[place]!) if (all || snapshot.terms[term]!.facet === missed) counters.term(term);
    }
    if (all) {
      matching[place] = 1;
      total += 1;
    }
  }
  return { matching, counts: counters.rows(facets, total) };
}

/** The page: the matching products in the sort's order, available ones first. */
function pageFrom(snapshot: Snapshot, soldOut: Uint8Array, matching: Uint8Array, sort: KeptSort, page: number): number[] {
  const from = (page - 1) * CATALOG_PAGE_SIZE;
  const to = from + CATALOG_PAGE_SIZE;
  const available: number[] = [];
  const gone: number[] = [];
  for (const place of snapshot.orders[sort]) {
    if (!matching[place]) continue;
    const list = soldOut[place] ? gone : available;
    if (list.length < to) list.push(snapshot.ids[place]!);
    if (available.length >= to) break;
  }
  return [...available, ...gone].slice(from, to);
}

/**
 * A search's matching products in relevance order (relevanceOf, catalog-search.ts): available first, then
 * those of a type the search names, then by relevance, then by name and id (the name sort's order).
 */
function relevanceOrder(snapshot: Snapshot, soldOut: Uint8Array, matching: Uint8Array, matches: SearchMatches, namedTypeIds: number[], to: number): number[] {
  const named = new Set(namedTypeIds);
  const buckets = new Map<number, number[]>();
  for (const place of snapshot.orders.name) {
    if (!matching[place]) continue;
    const key = soldOut[place]! * 2 ** 30 + (named.has(snapshot.typeIds[place]!) ? 0 : 2 ** 29) - matches.score(place);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(place);
    else buckets.set(key, [place]);
  }
  const order: number[] = [];
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    for (const place of buckets.get(key)!) {
      if (order.length >= to) return order;
      order.push(snapshot.ids[place]!);
    }
  }
  return order;
}

/** The given products as flags by their place in the snapshot (one it does not hold yet is left out). */
function flagsOf(snapshot: Snapshot, ids: readonly number[]): Uint8Array {
  const flags = new Uint8Array(snapshot.ids.length);
  for (const id of ids) {
    const place = snapshot.placeOf.get(id);
    if (place !== undefined) flags[place] = 1;
  }
  return flags;
}

/**
 * The kept catalogue for the shop page's listing: read once and kept until cleared, read again in the background
 * past keepMs (0: read for every listing, as tests that write the catalogue straight into the database need; kept-read.ts).
 */
export function createListingSnapshot(db: Database, keepMs: number) {
  const kept = createKeptRead(() => readSnapshot(db), keepMs);
  const soldOutIds = db
    .select({ ids: sql<number[]>`sold_out.ids` })
    .from(sql`(select coalesce(array_agg(id), '{}') as ids from products where not is_deleted and stock <= 0) sold_out`)
    .prepare('catalog_listing_sold_out');
  const pageItems = db
    .select({ items: sql<string>`page_items.items` })
    .from(
      sql`(select coalesce(json_agg(${itemJson} order by page.position), '[]'::json)::text as items
        from unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, position)
        join products p on p.id = page.id left join brands b on b.id = p.brand_id) page_items`,
    )
    .prepare('catalog_listing_page_items');

  return {
    /** One page of products (JSON text, CatalogItem[]) in order and every facet's counts. */
    async run(facets: FacetDef[], typeId: number | null, sort: KeptSort, page: number): Promise<{ items: string; counts: CountRow[] }> {
      const [snapshot, [soldOut]] = await Promise.all([kept.read(), soldOutIds.execute()]);
      const soldOutFlags = flagsOf(snapshot, soldOut!.ids);
      const { matching, counts } = countFrom(snapshot, soldOutFlags, facets, typeId);
      const ids = pageFrom(snapshot, soldOutFlags, matching, sort, page);
      const items = ids.length ? (await pageItems.execute({ ids }))[0]!.items : '[]';
      return { items, counts };
    },
    /** Every facet's counts over the given products alone (a search's matches, whose page the search orders by relevance). */
    async count(facets: FacetDef[], typeId: number | null, ids: readonly number[]): Promise<CountRow[]> {
      const [snapshot, [soldOut]] = await Promise.all([kept.read(), soldOutIds.execute()]);
      return countFrom(snapshot, flagsOf(snapshot, soldOut!.ids), facets, typeId, flagsOf(snapshot, ids)).counts;
    },
    /**
     * A search's page and counts, matched and ordered over the kept catalogue (decision 075): by relevance
     * for the featured sort, else by the sort as a listing is. total 0: nothing matched (the caller looks for typos).
     */
    async search(
      facets: FacetDef[],
      typeId: number | null,
      sort: KeptSort,
      page: number,
      search: AnalysedSearch,
    ): Promise<{ items: string; counts: CountRow[] }> {
      const [snapshot, [soldOut]] = await Promise.all([kept.read(), soldOutIds.execute()]);
      const soldOutFlags = flagsOf(snapshot, soldOut!.ids);
      const matches = (await snapshot.search()).match(search);
      const { matching, counts } = countFrom(snapshot, soldOutFlags, facets, typeId, matches.matched);
      const from = (page - 1) * CATALOG_PAGE_SIZE;
      const ids =
        sort === 'featured'
          ? relevanceOrder(snapshot, soldOutFlags, matching, matches, search.namedTypeIds, from + CATALOG_PAGE_SIZE).slice(from)
          : pageFrom(snapshot, soldOutFlags, matching, sort, page);
      const items = ids.length ? (await pageItems.execute({ ids }))[0]!.items : '[]';
      return { items, counts };
    },
    /** The first products of a search in relevance order, as ids (the header's suggestions). */
    async suggest(search: AnalysedSearch, limit: number): Promise<number[]> {
      const [snapshot, [soldOut]] = await Promise.all([kept.read(), soldOutIds.execute()]);
      const matches = (await snapshot.search()).match(search);
      return relevanceOrder(snapshot, flagsOf(snapshot, soldOut!.ids), matches.matched, matches, search.namedTypeIds, limit);
    },
    clear() {
      kept.clear();
    },
  };
}

export type ListingSnapshot = ReturnType<typeof createListingSnapshot>;
