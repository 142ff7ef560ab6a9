import { and, asc, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#server/db/client.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { brands, products, productTypes, SEARCH_CONFIG } from '#server/db/schema.ts';

/**
 * How close a search must come to a word of a product's or brand's name to count as a typo of it
 * (pg_trgm word_similarity, 0..1): "carbn" scores 0.67 against "Raw Carbon" and 0.375 against "CRBN",
 * "padle" 0.63 against "Paddle". Low enough to catch those, so it also lets in near misses ("padd" and
 * "Pack" score 0.4): typos are looked for only when nothing matches exactly.
 */
const TYPO_SIMILARITY = 0.35;

// "16 mm" and "16mm" are one word, as in the search index (searchText in db/schema/catalog.ts)
const MILLIMETRES = /(\d)\s*mm\b/giu;
// Letters and digits only: nothing that to_tsquery could read as an operator or a syntax error.
const WORD = /[\p{L}\p{Nd}]+/gu;

/** lowercase word of a search -> the words it may also mean (readSearch, search/search-words-service.ts) */
type WordMeanings = ReadonlyMap<string, readonly string[]>;

/**
 * The words of a search as a to_tsquery text: every word must match, stemmed, and the last one may
 * be the start of a word as the shopper types ("court shoe" -> "court & shoe:*"). A word with meanings
 * matches any of them ("padle" -> "(padle | paddle)"). Null without words.
 */
export function searchQueryText(search: string, operator: '&' | '|' = '&', meanings: WordMeanings = new Map()): string | null {
  const words = search.replace(MILLIMETRES, '$1mm').match(WORD);
  if (!words) return null;
  const last = words.length - 1;
  const groups = words.map((word, index) => {
    const suffix = index === last ? ':*' : '';
    const forms = [word, ...(meanings.get(word.toLowerCase()) ?? [])].map((form) => {
      const parts = form.match(WORD) ?? [];
      return parts.length > 1 ? `(${parts.join(' & ')}${suffix})` : `${parts[0]}${suffix}`;
    });
    return forms.length > 1 ? `(${forms.join(' | ')})` : forms[0]!;
  });
  return groups.join(` ${operator} `);
}

// The brands a condition holds for, as a list products.brand_id can be looked up in by its index.
const matchingBrand = alias(brands, 'matching_brand');
function ofBrandsWhere(condition: SQL): SQL {
  const ids = new QueryBuilder().select({ id: matchingBrand.id }).from(matchingBrand).where(condition);
  return sql`${products.brandId} = any(array(${ids}))`;
}

export interface SearchPlan {
  where: SQL;
  /** Most relevant first; availableFirst puts it after stock and before the name. */
  orderBy: SQL[];
  /** a setting the reads need, local to the transaction they run in (withSearchPlan) */
  setting?: SQL;
}

/** What an exact search is made of: its words as to_tsquery texts (all of them, any of them) and a LIKE pattern. */
interface ExactSearchTerms {
  words: string;
  anyWord: string;
  pattern: string;
}

/** The terms of a search, or null when it has no words (only the literal substring search applies). */
export function exactSearchTerms(search: string, meanings?: WordMeanings): ExactSearchTerms | null {
  const words = searchQueryText(search, '&', meanings);
  return words === null ? null : { words, anyWord: searchQueryText(search, '|', meanings)!, pattern: likePattern(search) };
}

type Term = string | ReturnType<typeof sql.placeholder>;
const literalMatch = (pattern: Term) => or(ilike(products.name, pattern), ilike(products.sku, pattern), ofBrandsWhere(ilike(matchingBrand.name, pattern)))!;

/**
 * Products whose words match the search (stemmed, the last word as a prefix) or whose name, SKU or
 * brand name contains it literally (a partial SKU, "100%"), by relevance: name above brand above the rest.
 * `terms` are the search's (exactSearchTerms) or placeholders named like them, for a prepared statement.
 */
export function exactMatchesOf(terms: { [K in keyof ExactSearchTerms]: Term }): SearchPlan {
  // the product's stored words with its brand's name joined in
  const document = sql`(${products.searchVector} || coalesce(${brands.searchVector}, ''::tsvector))`;
  const query = sql`to_tsquery(${SEARCH_CONFIG}, ${terms.words})`;
  // A match has all its words in the product, or some in its brand and the rest in the product: the
  // joined words are checked only for products of a brand matching a word (products_brand_id_idx).
  const anyWord = sql`to_tsquery(${SEARCH_CONFIG}, ${terms.anyWord})`;
  const words = or(
    sql`${products.searchVector} @@ ${query}`,
    and(ofBrandsWhere(sql`${matchingBrand.searchVector} @@ ${anyWord}`), sql`${document} @@ ${query}`),
  );
  // a search that names a category ("paddles", "shoes") lists that category first, above products that
  // only mention it ("paddle bag")
  const namesType = sql`${products.productTypeId} = any(array(select ${productTypes.id} from ${productTypes} where to_tsvector(${SEARCH_CONFIG}, ${productTypes.name}) @@ ${query}))`;
  return {
    where: or(words, literalMatch(terms.pattern))!,
    orderBy: [desc(namesType), desc(sql`ts_rank_cd(${document}, ${query})`)],
  };
}

/** exactMatchesOf for a search as typed, its words also meaning their meanings. */
export function exactMatches(search: string, meanings?: WordMeanings): SearchPlan {
  const terms = exactSearchTerms(search, meanings);
  return terms === null ? { where: literalMatch(likePattern(search)), orderBy: [] } : exactMatchesOf(terms);
}

/**
 * Products whose name or brand name has a word close to the search, closest first: for when nothing
 * matches exactly. `<%` finds them through the trigram indexes (a scan computing word_similarity on every
 * name cost a 5,000-product shop ~20 ms); its threshold is the transaction's pg_trgm setting.
 */
export function typoMatches(search: string): SearchPlan {
  const similarity = sql`greatest(word_similarity(${search}, ${products.name}), word_similarity(${search}, coalesce(${brands.name}, '')))`;
  return {
    where: or(sql`${search} <% ${products.name}`, ofBrandsWhere(sql`${search} <% ${matchingBrand.name}`))!,
    orderBy: [desc(similarity)],
    setting: sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
  };
}

/** Runs a plan's reads, in a transaction holding its setting when it has one. */
export async function withSearchPlan<T>(db: Database, plan: SearchPlan | null, read: (db: Database | Transaction) => Promise<T>): Promise<T> {
  const setting = plan?.setting;
  if (!setting) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(setting);
    return read(tx);
  });
}

/** Products in stock before sold-out ones, then by name, ties by id, so pages and tests see a stable list. */
export function availableFirst(...relevance: SQL[]): SQL[] {
  return [sql`${products.stock} > 0 desc`, ...relevance, asc(products.name), asc(products.id)];
}
