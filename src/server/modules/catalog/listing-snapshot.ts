import { sql } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { createKeptRead } from '#server/db/kept-read.ts';
import { parsePriceRange, PRICE_BANDS, type FacetDef } from './catalog-facets.ts';
import { itemJson, type CountRow } from './listing-statement.ts';
import { placeOf, readingInThisThread, SnapshotGone, type KeptSort, type Snapshot, type SnapshotReader } from './listing-snapshot-read.ts';
import type { AnalysedSearch } from './search-index.ts';

// The shop page's listing at any size (decision 073). Counting every facet over every product of a type
// is linear in the catalogue whatever the index: at 50,000 products decision 064's statement took
// 400-800 ms. What the counts and the order are made of changes only when the owner edits the catalogue
// (type, brand, price, approval, spec and option values, names, dates, featured), so it is read once into
// compact arrays and kept with the listing's metadata (emptied by the same change notices); a listing then
// counts and orders in the process (a few ms for 25,000 products). Stock changes with every checkout, so
// which products are sold out is read afresh per listing (a partial index, migration 0047); the page's
// products are written by PostgreSQL by id, as decision 064's statement writes them.

/** Which products (by place) pass a facet's choice: 1 where they do; null when no value of it is chosen. */
function passesOf(snapshot: Snapshot, soldOut: Uint8Array, facet: FacetDef): Uint8Array | null {
  if (facet.selected.length === 0) return null;
  // approval is kept as flags already
  if (facet.counting.by === 'usapa') return snapshot.approved;
  const count = snapshot.ids.length;
  const passes = new Uint8Array(count);
  switch (facet.counting.by) {
    case 'brand': {
      const chosen = new Set(facet.selected.map(Number));
      const slots = Uint8Array.from(snapshot.brands.values, (id) => (chosen.has(id) ? 1 : 0));
      for (let place = 0; place < count; place += 1) passes[place] = slots[snapshot.brands.of[place]!]!;
      return passes;
    }
    case 'price': {
      const ranges = facet.selected.flatMap((text) => parsePriceRange(text) ?? []);
      if (ranges.length === 0) return null;
      for (const range of ranges) {
        const max = range.max ?? Infinity;
        for (let place = 0; place < count; place += 1) {
          const cents = snapshot.priceCents[place]!;
          if (cents >= range.min && cents < max) passes[place] = 1;
        }
      }
      return passes;
    }
    case 'in_stock':
      for (let place = 0; place < count; place += 1) passes[place] = 1 - soldOut[place]!;
      return passes;
    case 'terms': {
      const chosen = new Uint8Array(snapshot.terms.length);
      for (const value of facet.selected) {
        const index = snapshot.termOf.get(`${facet.key}=${value}`);
        if (index !== undefined) chosen[index] = 1;
      }
      const { termStarts, termItems } = snapshot;
      for (let place = 0; place < count; place += 1) {
        for (let item = termStarts[place]!; item < termStarts[place + 1]!; item += 1) {
          if (chosen[termItems[item]!] === 1) {
            passes[place] = 1;
            break;
          }
        }
      }
      return passes;
    }
  }
}

/**
 * The listing's counts and page over the kept catalogue, as decision 064's statement computes them: a facet's
 * values are counted under the OTHER facets' filters (a product missing no chosen facet counts for every
 * facet, one missing exactly one counts for that one alone); categories over every type under the facets
 * all types share. Within: only the products it flags (a search's matches), or all. Each chosen facet is
 * tested over every product first, into flags; the pass that counts then only reads arrays (at 50,000
 * products a test per product and facet, as a call, was most of a listing's time).
 */
function countFrom(snapshot: Snapshot, soldOut: Uint8Array, facets: FacetDef[], typeId: number | null, within?: Uint8Array) {
  const count = snapshot.ids.length;
  // per product: how many chosen facets it misses, which one (the last), and how many of those all types share
  const misses = new Uint8Array(count);
  const missed = new Int16Array(count);
  const sharedMisses = new Uint8Array(count);
  facets.forEach((facet, index) => {
    const passes = passesOf(snapshot, soldOut, facet);
    if (!passes) return;
    const shared = !facet.key.includes('.');
    for (let place = 0; place < count; place += 1) {
      if (passes[place] === 1) continue;
      misses[place] = Math.min(misses[place]! + 1, 2);
      missed[place] = index;
      if (shared) sharedMisses[place] = 1;
    }
  });
  const counting = (by: FacetDef['counting']['by']) => facets.findIndex((facet) => facet.counting.by === by);
  const [brandFacet, priceFacet, inStockFacet, usapaFacet] = (['brand', 'price', 'in_stock', 'usapa'] as const).map(counting);
  const countsTerms = counting('terms') !== -1;
  // per facet, the number its terms carry (-1: not a facet of terms)
  const termFacetOf = Int32Array.from(facets, (facet) => snapshot.facetNumbers.get(facet.key) ?? -1);
  const { brands, types, priceBands, termStarts, termItems, termFacets } = snapshot;
  const brandCounts = new Int32Array(brands.values.length);
  const typeCounts = new Int32Array(types.values.length);
  const bandCounts = new Int32Array(PRICE_BANDS.length);
  const termCounts = new Int32Array(snapshot.terms.length);
  let inStock = 0;
  let approved = 0;
  const matching = new Uint8Array(count);
  let total = 0;
  for (let place = 0; place < count; place += 1) {
    if (within && within[place] === 0) continue;
    if (sharedMisses[place] === 0) typeCounts[types.of[place]!]! += 1;
    if (typeId !== null && snapshot.typeIds[place] !== typeId) continue;
    if (misses[place]! > 1) continue;
    const all = misses[place] === 0;
    const facet = all ? -1 : missed[place]!;
    if (brandFacet !== -1 && (all || facet === brandFacet)) brandCounts[brands.of[place]!]! += 1;
    if (priceFacet !== -1 && (all || facet === priceFacet) && priceBands[place] !== -1) bandCounts[priceBands[place]!]! += 1;
    if (inStockFacet !== -1 && (all || facet === inStockFacet) && soldOut[place] === 0) inStock += 1;
    if (usapaFacet !== -1 && (all || facet === usapaFacet) && snapshot.approved[place] === 1) approved += 1;
    if (countsTerms) {
      const termFacet = all ? -1 : termFacetOf[facet]!;
      for (let item = termStarts[place]!; item < termStarts[place + 1]!; item += 1) {
        const term = termItems[item]!;
        if (all || termFacets[term] === termFacet) termCounts[term]! += 1;
      }
    }
    if (all) {
      matching[place] = 1;
      total += 1;
    }
  }
  const rows: CountRow[] = [];
  // brand 0: the products of no brand, which no value shows
  brandCounts.forEach((n, slot) => n > 0 && brands.values[slot] !== 0 && rows.push({ facet: 'brand', value: String(brands.values[slot]), count: n }));
  if (priceFacet !== -1) bandCounts.forEach((n, index) => n > 0 && rows.push({ facet: 'price', value: PRICE_BANDS[index]!.value, count: n }));
  if (inStock > 0) rows.push({ facet: 'in_stock', value: '1', count: inStock });
  if (approved > 0) rows.push({ facet: 'usapa', value: '1', count: approved });
  termCounts.forEach((n, index) => n > 0 && rows.push({ facet: snapshot.terms[index]!.facet, value: snapshot.terms[index]!.value, count: n }));
  typeCounts.forEach((n, slot) => n > 0 && rows.push({ facet: 'type', value: String(types.values[slot]), count: n }));
  rows.push({ facet: 'total', value: null, count: total });
  return { matching, counts: rows };
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
 * A search's first `to` matching products in relevance order (relevanceOf, catalog-search.ts): available first,
 * then those of a type the search names, then by relevance, then by name and id (the name sort's order). Each
 * match's rank is a small number, so the page is found by counting ranks, not by sorting every match.
 */
function relevanceOrder(snapshot: Snapshot, soldOut: Uint8Array, matching: Uint8Array, scores: Int32Array, namedTypeIds: number[], to: number): number[] {
  const named = new Set(namedTypeIds);
  const namedSlots = Uint8Array.from(snapshot.types.values, (id) => (named.has(id) ? 1 : 0));
  const order = snapshot.orders.name;
  let top = 0;
  for (let index = 0; index < order.length; index += 1) {
    const place = order[index]!;
    if (matching[place] === 1 && scores[place]! > top) top = scores[place]!;
  }
  const rankOf = (place: number) => (soldOut[place]! * 2 + 1 - namedSlots[snapshot.types.of[place]!]!) * (top + 1) + top - scores[place]!;
  const perRank = new Int32Array(4 * (top + 1));
  for (let index = 0; index < order.length; index += 1) {
    const place = order[index]!;
    if (matching[place] === 1) perRank[rankOf(place)]! += 1;
  }
  // the page holds every match ranked below `last`, and the first ones ranked `last` in name order
  let last = 0;
  let before = 0;
  while (last < perRank.length && before + perRank[last]! < to) before += perRank[last++]!;
  let room = to - before;
  const chosen: { place: number; rank: number }[] = [];
  for (let index = 0; index < order.length && chosen.length < to; index += 1) {
    const place = order[index]!;
    if (matching[place] === 0) continue;
    const rank = rankOf(place);
    if (rank < last || (rank === last && room-- > 0)) chosen.push({ place, rank });
  }
  // a stable sort: ties stay in name order
  return chosen.sort((a, b) => a.rank - b.rank).map(({ place }) => snapshot.ids[place]!);
}

/** The given products as flags by their place in the snapshot (one it does not hold yet is left out). */
function flagsOf(snapshot: Snapshot, ids: readonly number[]): Uint8Array {
  const flags = new Uint8Array(snapshot.ids.length);
  for (const id of ids) {
    const place = placeOf(snapshot, id);
    if (place !== undefined) flags[place] = 1;
  }
  return flags;
}

/**
 * The kept catalogue for the shop page's listing: read once and kept until cleared, read again in the background
 * past keepMs (0: read for every listing, as tests that write the catalogue straight into the database need; kept-read.ts).
 */
export function createListingSnapshot(db: Database, keepMs: number, read: SnapshotReader = readingInThisThread(db)) {
  // the next read keeps the last one's search index when the words are as they were
  const kept = createKeptRead<Snapshot>(read, keepMs);
  // as text, compared with the last one's: pg's parsing of an int[] of thousands was a tenth of a listing's time
  const soldOutIds = db
    .select({ ids: sql<string>`sold_out.ids` })
    .from(sql`(select coalesce(string_agg(id::text, ',' order by id), '') as ids from products where not is_deleted and stock <= 0) sold_out`)
    .prepare('catalog_listing_sold_out');
  const pageItems = db
    .select({ items: sql<string>`page_items.items` })
    .from(
      sql`(select coalesce(json_agg(${itemJson} order by page.position), '[]'::json)::text as items
        from unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, position)
        join products p on p.id = page.id left join brands b on b.id = p.brand_id) page_items`,
    )
    .prepare('catalog_listing_page_items');

  // which products are sold out changes with checkouts, not with every listing: the flags are kept while the ids are the same
  let soldOutKept: { snapshot: Snapshot; joined: string; flags: Uint8Array } | null = null;
  /** The kept catalogue, and which of its products are sold out now. */
  const current = async (): Promise<{ snapshot: Snapshot; soldOut: Uint8Array }> => {
    const [snapshot, [row]] = await Promise.all([kept.read(), soldOutIds.execute()]);
    const joined = row!.ids;
    if (soldOutKept?.snapshot !== snapshot || soldOutKept.joined !== joined) {
      soldOutKept = { snapshot, joined, flags: flagsOf(snapshot, joined ? joined.split(',').map(Number) : []) };
    }
    return { snapshot, soldOut: soldOutKept.flags };
  };

  /** The kept catalogue, what is sold out, and a search's matches over it. */
  const matched = async (search: AnalysedSearch) => {
    for (let attempt = 1; ; attempt += 1) {
      const { snapshot, soldOut } = await current();
      try {
        return { snapshot, soldOut, matches: await snapshot.match(search) };
      } catch (error) {
        // a worker thread's snapshot let go while this request held it (several newer ones read meanwhile): the current one
        if (!(error instanceof SnapshotGone) || attempt === 2) throw error;
      }
    }
  };

  // what a listing counted, by the facets it was planned with (the same objects for the same choices, catalog-listing.ts):
  // kept while the snapshot and its sold-out flags are the same
  const counted = new WeakMap<FacetDef[], { soldOut: Uint8Array; typeId: number | null; result: ReturnType<typeof countFrom> }>();
  const countedFrom = (snapshot: Snapshot, soldOut: Uint8Array, facets: FacetDef[], typeId: number | null) => {
    const kept = counted.get(facets);
    if (kept?.soldOut === soldOut && kept.typeId === typeId) return kept.result;
    const result = countFrom(snapshot, soldOut, facets, typeId);
    counted.set(facets, { soldOut, typeId, result });
    return result;
  };

  return {
    /**
     * One page of products (JSON text, CatalogItem[]) in order and every facet's counts; the counts are the same
     * array for the same facets while nothing they are counted from changed.
     */
    async run(facets: FacetDef[], typeId: number | null, sort: KeptSort, page: number): Promise<{ items: string; counts: CountRow[] }> {
      const { snapshot, soldOut } = await current();
      const { matching, counts } = countedFrom(snapshot, soldOut, facets, typeId);
      const ids = pageFrom(snapshot, soldOut, matching, sort, page);
      const items = ids.length ? (await pageItems.execute({ ids }))[0]!.items : '[]';
      return { items, counts };
    },
    /** Every facet's counts over the given products alone (a search's matches, whose page the search orders by relevance). */
    async count(facets: FacetDef[], typeId: number | null, ids: readonly number[]): Promise<CountRow[]> {
      const { snapshot, soldOut } = await current();
      return countFrom(snapshot, soldOut, facets, typeId, flagsOf(snapshot, ids)).counts;
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
      const { snapshot, soldOut, matches } = await matched(search);
      const { matching, counts } = countFrom(snapshot, soldOut, facets, typeId, matches.matched);
      const from = (page - 1) * CATALOG_PAGE_SIZE;
      const ids =
        sort === 'featured'
          ? relevanceOrder(snapshot, soldOut, matching, matches.scores, search.namedTypeIds, from + CATALOG_PAGE_SIZE).slice(from)
          : pageFrom(snapshot, soldOut, matching, sort, page);
      const items = ids.length ? (await pageItems.execute({ ids }))[0]!.items : '[]';
      return { items, counts };
    },
    /** The first products of a search in relevance order, as ids (the header's suggestions). */
    async suggest(search: AnalysedSearch, limit: number): Promise<number[]> {
      const { snapshot, soldOut, matches } = await matched(search);
      return relevanceOrder(snapshot, soldOut, matches.matched, matches.scores, search.namedTypeIds, limit);
    },
    clear() {
      kept.clear();
    },
  };
}

export type ListingSnapshot = ReturnType<typeof createListingSnapshot>;
