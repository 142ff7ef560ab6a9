import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE, type CatalogListing, type CatalogQuery, type CatalogSort } from '#common/schemas/catalog-listing.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import type { ProductTypeSummary } from '#common/schemas/catalog-model.ts';
import { brands, products, productTypes } from '#server/db/schema.ts';
import { recordSearch } from '#server/modules/search/search-log-service.ts';
import { readSearch } from '#server/modules/search/search-words-service.ts';
import { planFacets, type FacetDef } from './catalog-facets.ts';
import type { ListingMetadata, ListingMetadataCache } from './listing-metadata.ts';
import type { CountRow, ListingStatements } from './listing-statement.ts';
import { isKeptSort } from './listing-snapshot-read.ts';
import type { ListingSnapshot } from './listing-snapshot.ts';
import { analyseSearch, exactMatches, typoMatches, withSearchPlan, type SearchPlan } from './catalog-search.ts';
import { brandColumns, productColumns, toCatalogItem, variantRangeColumns } from './catalog-views.ts';

// The shop page's listing: one page of products under every chosen facet, the facets' counts and the
// categories'. A facet value's count is taken under all the OTHER facets' filters (the "disjunctive"
// count): ticking a second brand adds to the list, so each brand shows what it would add.

function sortOrder(sort: CatalogSort, relevance: SQL[]): SQL[] {
  const order: Record<CatalogSort, SQL[]> = {
    featured: relevance.length ? relevance : [desc(products.isFeatured)],
    newest: [sql`coalesce(${products.releaseDate}, ${products.createdAt}) desc`],
    price_asc: [asc(products.price)],
    price_desc: [desc(products.price)],
    name: [],
    // unrated products last; among equal averages, the more reviewed first
    top_rated: [sql`${products.ratingAverage} desc nulls last`, desc(products.ratingCount)],
  };
  // sold-out products after the available ones, whatever the sort
  return [sql`${products.stock} > 0 desc`, ...order[sort], asc(products.name), asc(products.id)];
}

/** The products a search plan matches, any type, unordered: the listing counts its facets over them (listing-snapshot.ts). */
async function matchingIds(db: Database | Transaction, where: SQL): Promise<number[]> {
  const [row] = await db
    .select({ ids: sql<number[]>`coalesce(array_agg(${products.id}), '{}')` })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isDeleted, false), where));
  return row!.ids;
}

/**
 * One page of products in order. The order is taken over the products' ids and sort keys alone, then
 * only the page's rows are read whole: sorting thousands of full rows (descriptions and all) for 24 was
 * most of a listing's time.
 */
async function pageOfProducts(db: Database | Transaction, where: SQL, orderBy: SQL[], page: number) {
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(...orderBy)
    .limit(CATALOG_PAGE_SIZE)
    .offset((page - 1) * CATALOG_PAGE_SIZE);
  const rows = await db
    .select({
      product: productColumns,
      brand: brandColumns,
      ...variantRangeColumns,
    })
    .from(sql`unnest(array(${pageIds})) with ordinality as page(id, position)`)
    .innerJoin(products, sql`${products.id} = page.id`)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .orderBy(sql`page.position`);
  return rows.map(({ product, brand, ...range }) => toCatalogItem(product, brand, range));
}

/** The most listings' plans kept per metadata read (a shop's shoppers tick a few combinations over and over). */
const KEPT_PLANS = 256;
const plans = new WeakMap<ListingMetadata, Map<string, ReturnType<typeof planFacets>>>();
/** The query's parameters a plan is made of (planFacets): the type and the facets' choices. */
const PLANNED = /^(type|brand|price|in_stock|usapa|[fo]\..+)$/;

/**
 * The facets a query plans over the kept metadata, the same objects for the same choices while the metadata is
 * the same read: what is counted over them is kept by them (listing-snapshot.ts), so a repeated choice is planned,
 * counted and written once (decision 086). The page, sort and search do not change the plan, nor do parameters it
 * does not read.
 */
function plannedFacets(metadata: ListingMetadata, query: CatalogQuery): ReturnType<typeof planFacets> {
  let kept = plans.get(metadata);
  if (!kept) plans.set(metadata, (kept = new Map()));
  // the parameters planFacets reads, and no others: a link's tracking parameters (utm_source=...) plan the same
  const key = JSON.stringify(
    Object.entries(query)
      .filter(([name, value]) => value !== undefined && PLANNED.test(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  let plan = kept.get(key);
  if (!plan) {
    if (kept.size >= KEPT_PLANS) kept.clear();
    kept.set(key, (plan = planFacets(metadata, query)));
  }
  return plan;
}

/** What a listing reads with besides the database: the kept metadata and catalogue, and the prepared statements. */
interface ListingReads {
  metadata: ListingMetadataCache;
  snapshot: ListingSnapshot;
  statements: ListingStatements;
}

/**
 * GET /api/catalog: a page of the shop under its facets and search, with every facet's counts, as JSON
 * text (a CatalogListing). Without a search: counted over the kept catalogue (listing-snapshot.ts, decision
 * 073), or by one prepared statement when sorted by rating (listing-statement.ts, decision 064).
 */
export async function listCatalog(db: Database, reads: ListingReads, query: CatalogQuery): Promise<string> {
  const { type, facets, types } = plannedFacets(await reads.metadata.read(), query);
  const sort = query.sort ?? 'featured';
  const page = Math.max(1, query.page ?? 1);
  const search = query.q?.trim();
  if (!search) {
    const { items, counts } = isKeptSort(sort)
      ? await reads.snapshot.run(facets, type?.id ?? null, sort, page)
      : await reads.statements.run(facets, type?.id ?? null, sort, page);
    // the page's products as PostgreSQL wrote them, first, as CatalogListing orders its fields
    return `{"items":${items},${answerAround(counts, { type, facets, types, sort, page })}}`;
  }
  const reading = await readSearch(db, search);
  const context = { type, facets, types, sort, page };
  // matched and ordered over the kept catalogue (decision 075) unless sorted by rating; typos still by SQL
  const analysed = isKeptSort(sort) ? await analyseSearch(db, search, reading.meanings) : null;
  if (analysed && isKeptSort(sort)) {
    const found = await reads.snapshot.search(facets, type?.id ?? null, sort, page, analysed);
    if (totalOf(found.counts) > 0) {
      const { items: _none, ...rest } = await searchAnswer(db, query, found.counts, [], context, reading.didYouMean);
      return `{"items":${found.items},${JSON.stringify(rest).slice(1)}`;
    }
  }
  // the typo plan is made only when the exact one found nothing
  const plans: (() => SearchPlan | Promise<SearchPlan>)[] = [
    ...(analysed ? [] : [() => exactMatches(search, reading.meanings)]),
    () => typoMatches(db, search),
  ];
  let counts: CountRow[] = [];
  let items: CatalogListing['items'] = [];
  for (const planned of plans) {
    const plan = await planned();
    const where = and(
      eq(products.isDeleted, false),
      type ? eq(products.productTypeId, type.id) : undefined,
      plan.where,
      ...facets.map((facet) => facet.condition),
    )!;
    // the page and the counts side by side (two connections on PostgreSQL, each holding the plan's
    // setting if it has one); a page past the end is empty
    [counts, items] = await Promise.all([
      withSearchPlan(db, plan, (reader) => matchingIds(reader, plan.where)).then((ids) => reads.snapshot.count(facets, type?.id ?? null, ids)),
      withSearchPlan(db, plan, (reader) => pageOfProducts(reader, where, sortOrder(sort, plan.orderBy ?? []), page)),
    ]);
    if (totalOf(counts) > 0) break;
  }
  return JSON.stringify(await searchAnswer(db, query, counts, items, context, reading.didYouMean));
}

const totalOf = (counts: CountRow[]) => counts.find((row) => row.facet === 'total')?.count ?? 0;

/** A search's answer around its page, counted in the search terms when typed in the box. */
async function searchAnswer(
  db: Database,
  query: CatalogQuery,
  counts: CountRow[],
  items: CatalogListing['items'],
  context: Parameters<typeof listingAnswer>[2],
  didYouMean: string | null,
): Promise<CatalogListing> {
  const listing = listingAnswer(counts, items, context);
  if (isPlainSearch(query)) await recordSearch(db, query.q!.trim(), listing.total);
  listing.search = { didYouMean, popularCategories: listing.total === 0 ? await popularCategories(db) : [] };
  return listing;
}

/** The facets' and categories' part of an answer, as JSON, by the counts it was written from (the same array for the same counts, listing-snapshot.ts). */
const writtenFacts = new WeakMap<CountRow[], string>();

/** A listing's answer after its items, as JSON fields: the total and pages, then the facets and categories, written once per counts. */
function answerAround(counts: CountRow[], plan: Parameters<typeof listingAnswer>[2]): string {
  let facts = writtenFacts.get(counts);
  if (facts === undefined) {
    const { facets, categories } = listingAnswer(counts, [], plan);
    facts = JSON.stringify({ facets, categories }).slice(1, -1);
    writtenFacts.set(counts, facts);
  }
  const total = totalOf(counts);
  return `"total":${total},"page":${plan.page},"pageCount":${Math.ceil(total / CATALOG_PAGE_SIZE)},"sort":${JSON.stringify(plan.sort)},${facts}`;
}

/** The answer around the page's products: the total, the pages, and each facet's and category's counts. */
function listingAnswer(
  counts: CountRow[],
  items: CatalogListing['items'],
  plan: { type: { id: number } | null; facets: FacetDef[]; types: { id: number; slug: string; name: string }[]; sort: CatalogSort; page: number },
): CatalogListing {
  const { type, facets, types } = plan;
  const countOf = new Map(counts.map((row) => [`${row.facet}\n${row.value}`, row.count]));
  const count = (facet: string, value: string) => countOf.get(`${facet}\n${value}`) ?? 0;
  const total = counts.find((row) => row.facet === 'total')?.count ?? 0;
  return {
    items,
    total,
    page: plan.page,
    pageCount: Math.ceil(total / CATALOG_PAGE_SIZE),
    sort: plan.sort,
    facets: facets
      .map((facet) => ({
        key: facet.key,
        name: facet.name,
        kind: facet.kind,
        values: facet.values
          .map((value) => ({ value: value.value, label: value.label, count: count(facet.key, value.value) }))
          // a value nothing has is noise, unless it is chosen (the shopper must be able to untick it)
          .filter((value) => value.count > 0 || facet.selected.includes(value.value) || facet.kind === 'price'),
        selected: facet.selected,
      }))
      .filter((facet) => facet.values.some((value) => value.count > 0 || facet.selected.includes(value.value)))
      .map(({ selected: _selected, ...facet }) => facet),
    categories: types
      .map((row) => ({ id: row.id, slug: row.slug, name: row.name, count: count('type', String(row.id)) }))
      .filter((row) => row.count > 0 || row.id === type?.id),
  };
}

/** The first page of a search as typed in the box, no filter, no sort: what the search terms report counts. */
function isPlainSearch(query: CatalogQuery): boolean {
  return (query.page ?? 1) === 1 && Object.entries(query).every(([key, value]) => key === 'q' || key === 'page' || value === undefined);
}

const POPULAR_CATEGORIES = 4;

/** The product types with the most products in stock: where a search that found nothing can go on from. */
async function popularCategories(db: Database): Promise<ProductTypeSummary[]> {
  return db
    .select({ id: productTypes.id, slug: productTypes.slug, name: productTypes.name })
    .from(productTypes)
    .innerJoin(products, and(eq(products.productTypeId, productTypes.id), eq(products.isDeleted, false), sql`${products.stock} > 0`))
    .groupBy(productTypes.id)
    .orderBy(desc(sql`count(*)`), asc(productTypes.name))
    .limit(POPULAR_CATEGORIES);
}
