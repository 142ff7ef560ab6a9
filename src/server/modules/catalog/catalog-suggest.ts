import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { Suggestions } from '#common/schemas/search.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { brands, products, productTypes, SEARCH_CONFIG } from '#server/db/schema.ts';
import { popularSearches } from '#server/modules/search/search-log-service.ts';
import { readSearch } from '#server/modules/search/search-words-service.ts';
import { analyseSearch, availableFirst, exactSearchTerms, typoMatches, withSearchPlan, type SearchPlan } from './catalog-search.ts';
import type { AnalysedSearch } from './search-index.ts';

// What the header's search box offers as the shopper types (GET /api/search/suggest, decision 054): a few
// products, the categories and brands the words name, and searches to run. The same reading of the words
// as the results page (corrections and synonyms), so a suggestion never promises what the page will not show.

const PRODUCTS = 5;
const CATEGORIES = 3;
const BRANDS = 3;
const QUERIES = 4;
const MIN_TYPO_LENGTH = 4;

const suggestionColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  price: products.price,
  imageUrl: products.imageUrl,
  brandName: brands.name,
};

// the price as every product view writes it ("219.90")
const toSuggestion = <Row extends { price: string }>(row: Row) => ({ ...row, price: centsToDecimal(toCents(row.price)) });

async function productsOf(db: Database | Transaction, plan: SearchPlan): Promise<Suggestions['products']> {
  const rows = await db
    .select(suggestionColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isDeleted, false), plan.where))
    .orderBy(...availableFirst(...plan.orderBy))
    .limit(PRODUCTS);
  return rows.map(toSuggestion);
}

/** The given products, in the order given. */
async function productsByIds(db: Database, ids: number[]): Promise<Suggestions['products']> {
  if (ids.length === 0) return [];
  const rows = await db.select(suggestionColumns).from(products).leftJoin(brands, eq(brands.id, products.brandId)).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [toSuggestion(byId.get(id)!)] : []));
}

/** The first products of a search by relevance, matched over the kept catalogue (listing-snapshot.ts, decision 075). */
interface SuggestionRanking {
  suggest(search: AnalysedSearch, limit: number): Promise<number[]>;
}

/** The box's suggestions for what the shopper typed so far. */
export async function suggest(db: Database, ranking: SuggestionRanking, text: string): Promise<Suggestions> {
  const reading = await readSearch(db, text);
  const terms = exactSearchTerms(text, reading.meanings);
  const queries = popularSearches(db, text, QUERIES);
  if (terms === null) return { didYouMean: null, queries: await queries, categories: [], brands: [], products: [] };
  // a category or a brand is offered when any word names it ("selkirk paddles": Selkirk and Paddles)
  const anyWord = sql`to_tsquery(${SEARCH_CONFIG}, ${terms.anyWord})`;
  // the names' trigrams are looked at only when they may add something: not for a prefix too short
  // to be a typo, nor when the words' corrections were already looked for
  const tryTypos = text.trim().length >= MIN_TYPO_LENGTH && reading.didYouMean === null;
  const [found, categories, brandRows, popular] = await Promise.all([
    analyseSearch(db, text, reading.meanings)
      .then((analysed) => (analysed ? ranking.suggest(analysed, PRODUCTS) : []))
      .then((ids) => productsByIds(db, ids))
      .then(async (rows) => {
        if (rows.length > 0 || !tryTypos) return rows;
        const typed = await typoMatches(db, text);
        return withSearchPlan(db, typed, (reader) => productsOf(reader, typed));
      }),
    db
      .select({ id: productTypes.id, slug: productTypes.slug, name: productTypes.name })
      .from(productTypes)
      .where(sql`to_tsvector(${SEARCH_CONFIG}, ${productTypes.name}) @@ ${anyWord}`)
      .orderBy(asc(productTypes.position), asc(productTypes.name))
      .limit(CATEGORIES),
    db
      .select({ id: brands.id, slug: brands.slug, name: brands.name })
      .from(brands)
      .where(sql`${brands.searchVector} @@ ${anyWord}`)
      .orderBy(desc(brands.isFeatured), asc(brands.name))
      .limit(BRANDS),
    queries,
  ]);
  const suggested = [...new Set([...(reading.didYouMean ? [reading.didYouMean] : []), ...popular])].filter((query) => query !== text.trim().toLowerCase());
  return { didYouMean: reading.didYouMean, queries: suggested.slice(0, QUERIES), categories, brands: brandRows, products: found };
}
