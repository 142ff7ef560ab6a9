import { and, asc, desc, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#server/db/client.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { brands, products, productTypes, SEARCH_CONFIG } from '#server/db/schema.ts';
import type { AnalysedSearch, LexemeGroup } from './search-index.ts';

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

/** One word of a search: the forms it may be (the word, its corrections and synonyms), each as its words. */
interface SearchGroup {
  forms: string[][];
  /** the last word, still being typed: its forms' last words match the start of a word */
  prefix: boolean;
}

/** The words of a search with their meanings, in order; empty without words. */
function searchGroups(search: string, meanings: WordMeanings = new Map()): SearchGroup[] {
  const words = search.replace(MILLIMETRES, '$1mm').match(WORD) ?? [];
  return words.map((word, index) => ({
    forms: [word, ...(meanings.get(word.toLowerCase()) ?? [])].map((form) => form.match(WORD) ?? []).filter((parts) => parts.length > 0),
    prefix: index === words.length - 1,
  }));
}

/** A group as a to_tsquery text, each word restricted to the weight given (A: the name, C: the details, D: the description) or any. */
function groupText({ forms, prefix }: SearchGroup, weight: '' | 'A' | 'C' | 'D' = ''): string {
  const suffix = prefix ? ':*' : '';
  const texts = forms.map((parts) => {
    const labelled = parts.map((part, index) => (index === parts.length - 1 ? `${part}${suffix}${weight}` : weight ? `${part}:${weight}` : part));
    return labelled.length > 1 ? `(${labelled.join(' & ')})` : labelled[0]!;
  });
  return texts.length > 1 ? `(${texts.join(' | ')})` : texts[0]!;
}

/**
 * The words of a search as a to_tsquery text: every word must match, stemmed, and the last one may
 * be the start of a word as the shopper types ("court shoe" -> "court & shoe:*"). A word with meanings
 * matches any of them ("padle" -> "(padle | paddle)"). Null without words.
 */
export function searchQueryText(search: string, operator: '&' | '|' = '&', meanings: WordMeanings = new Map()): string | null {
  const groups = searchGroups(search, meanings);
  return groups.length === 0 ? null : groups.map((group) => groupText(group)).join(` ${operator} `);
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

/**
 * What an exact search is made of: its words as to_tsquery texts (all of them, any of them), a LIKE
 * pattern, and per word the texts that find it in the name (weight A), the brand's name, the details (C) and the description (D).
 */
interface ExactSearchTerms {
  words: string;
  anyWord: string;
  pattern: string;
  nameWords: string[];
  brandWords: string[];
  detailWords: string[];
  descriptionWords: string[];
}

/** The terms of a search, or null when it has no words (only the literal substring search applies). */
export function exactSearchTerms(search: string, meanings?: WordMeanings): ExactSearchTerms | null {
  const groups = searchGroups(search, meanings);
  if (groups.length === 0) return null;
  return {
    words: groups.map((group) => groupText(group)).join(' & '),
    anyWord: groups.map((group) => groupText(group)).join(' | '),
    pattern: likePattern(search),
    nameWords: groups.map((group) => groupText(group, 'A')),
    brandWords: groups.map((group) => groupText(group)),
    detailWords: groups.map((group) => groupText(group, 'C')),
    descriptionWords: groups.map((group) => groupText(group, 'D')),
  };
}

type Term = string | ReturnType<typeof sql.placeholder>;
type Terms = Term | string[];
const literalMatch = (pattern: Term) => or(ilike(products.name, pattern), ilike(products.sku, pattern), ofBrandsWhere(ilike(matchingBrand.name, pattern)))!;
const textArray = (value: Terms) =>
  Array.isArray(value)
    ? sql`array[${sql.join(
        value.map((text) => sql`${text}`),
        sql`, `,
      )}]::text[]`
    : sql`${value}::text[]`;

/**
 * A product's relevance to a search (decision 075): per word, 10 when its name has it, 4 when its brand's
 * name does, 2 when its details do (SKU, thickness, colour, type, options, specs), 1 when its description
 * does, added up (so a name hit outweighs all the rest, and a name hit also in the description comes
 * first); summed over the words. search-index.ts computes the same numbers in the process: a change here
 * must be made there too (catalog-search.test.ts holds them equal).
 */
function relevanceOf(terms: { nameWords: Terms; brandWords: Terms; detailWords: Terms; descriptionWords: Terms }): SQL {
  const has = (vector: SQL, column: string, weight: number) =>
    sql`case when ${vector} @@ to_tsquery(${SEARCH_CONFIG}, ${sql.raw(`word.${column}`)}) then ${sql.raw(String(weight))} else 0 end`;
  const product = sql`${products.searchVector}`;
  return sql`(select coalesce(sum(${has(product, 'name', 10)} + ${has(sql`${brands.searchVector}`, 'brand', 4)} + ${has(product, 'details', 2)} + ${has(product, 'description', 1)}), 0)
    from unnest(${textArray(terms.nameWords)}, ${textArray(terms.brandWords)}, ${textArray(terms.detailWords)}, ${textArray(terms.descriptionWords)}) as word(name, brand, details, description))`;
}

/**
 * Products whose words match the search (stemmed, the last word as a prefix) or whose name, SKU or
 * brand name contains it literally (a partial SKU, "100%"), by relevance: name above brand above the rest.
 * `terms` are the search's (exactSearchTerms) or placeholders named like them, for a prepared statement.
 */
export function exactMatchesOf(terms: { [K in keyof ExactSearchTerms]: ExactSearchTerms[K] extends string ? Term : Terms }): SearchPlan {
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
  return {
    where: or(words, literalMatch(terms.pattern))!,
    orderBy: [desc(namesTypeOf(query)), desc(relevanceOf(terms))],
  };
}

/**
 * A search that names a category ("paddles", "shoes") lists that category first, above products that only
 * mention it ("paddle bag").
 */
function namesTypeOf(query: SQL): SQL {
  return sql`${products.productTypeId} = any(array(select ${productTypes.id} from ${productTypes} where to_tsvector(${SEARCH_CONFIG}, ${productTypes.name}) @@ ${query}))`;
}

/**
 * What the kept catalogue needs to match and order a search in the process (search-index.ts): each word's
 * forms as PostgreSQL's parser and stemmer read them (a stop word has none), and the types the search names.
 */
export async function analyseSearch(db: Database, search: string, meanings?: WordMeanings): Promise<AnalysedSearch | null> {
  const groups = searchGroups(search, meanings);
  const terms = exactSearchTerms(search, meanings);
  if (terms === null) return null;
  const parts = groups.flatMap((group) => group.forms.flat());
  const result = (await db.execute(sql`
    select (select coalesce(json_agg(tsvector_to_array(to_tsvector(${SEARCH_CONFIG}, part)) order by n), '[]') from unnest(${textArray(parts)}) with ordinality as word(part, n)) as lexemes,
      (select coalesce(array_agg(id), '{}') from ${productTypes} where to_tsvector(${SEARCH_CONFIG}, ${productTypes.name}) @@ to_tsquery(${SEARCH_CONFIG}, ${terms.words})) as "typeIds"`)) as unknown as {
    rows: { lexemes: string[][]; typeIds: number[] }[];
  };
  const { lexemes, typeIds } = result.rows[0]!;
  let next = 0;
  const lexemeGroups: LexemeGroup[] = groups.map((group) => ({
    forms: group.forms
      .map((form) => form.flatMap((_, index) => lexemes[next++]!.map((lexeme) => ({ lexeme, prefix: group.prefix && index === form.length - 1 }))))
      .filter((form) => form.length > 0),
  }));
  return { groups: lexemeGroups, literal: search, namedTypeIds: typeIds };
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
export async function typoMatches(db: Database, search: string): Promise<SearchPlan> {
  const similarity = sql`greatest(word_similarity(${search}, ${products.name}), word_similarity(${search}, coalesce(${brands.name}, '')))`;
  // the brands first, as ids the planner can see: behind OR, a list it could not see into passed for a
  // quarter of the products, and from about 60,000 it read every name (200 ms for a word nothing is like)
  const brandIds = await db
    .select({ id: brands.id })
    .from(brands)
    .where(sql`word_similarity(${search}, ${brands.name}) >= ${TYPO_SIMILARITY}`)
    .then((rows) => rows.map((brand) => brand.id));
  return {
    // with no brand, "or false": PostgreSQL leaves it out before it plans
    where: or(sql`${search} <% ${products.name}`, inArray(products.brandId, brandIds))!,
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
