// A search's matches and relevance over the kept catalogue (decision 075). Matching a common word or a
// short prefix ("paddles", "pa") in PostgreSQL tests every product (a scan: half the catalogue matches,
// so no index helps) and ranked every match before the first 24 or 5 were taken: 400-900 ms at 50,000
// products. The same words, as PostgreSQL's own parser and stemmer made them, are kept in the process as
// posting lists per weight: a search is then a few unions and intersections of lists, and its order a pass
// over the matches. PostgreSQL still reads the search's words (their lexemes) and writes the page by id.

import { IntList } from './int-list.ts';

/** Where a product's words are: its name (A), its brand's name (B), its details (C), its description (D). */
const enum Place {
  Name = 0,
  Brand = 1,
  Details = 2,
  Description = 3,
}
const PLACES = 4;

/**
 * Relevance per word of the search, added up over the places it is found in: the name 10, the brand's name 4,
 * the details 2, the description 1 (relevanceOf in catalog-search.ts, which must give the same numbers).
 */
const WEIGHTS = [10, 4, 2, 1] as const;

/**
 * Joins a product's words of one place, as the kept catalogue reads them (array_to_string with chr(31)): split here,
 * one product at a time, where pg's array parsing of every product's words at once was most of the catalogue's read.
 * A lexeme never holds a control character.
 */
export const WORD_SEPARATOR = String.fromCharCode(31);

/** A product's row as the search index reads it: its words per place joined by WORD_SEPARATOR (null: none). */
export interface IndexedProduct {
  name: string;
  sku: string | null;
  nameWords: string | null;
  detailWords: string | null;
  descriptionWords: string | null;
}

/** A brand's name and its words (brands.search_vector's lexemes). */
export interface IndexedBrand {
  id: number;
  name: string;
  words: string[];
}

/** One word of the search as lexemes: its forms, each a list of lexemes that must all be found. */
export interface LexemeGroup {
  forms: { lexeme: string; prefix: boolean }[][];
}

/** What a search asks for, read by PostgreSQL (search-analysis in catalog-search.ts): lexemes, the literal text, the types it names. */
export interface AnalysedSearch {
  groups: LexemeGroup[];
  /** the search as typed, for the literal match on names, SKUs and brand names (ILIKE '%text%') */
  literal: string;
  /** the product types whose name the whole search matches: they come first */
  namedTypeIds: number[];
}

export interface SearchMatches {
  /** 1 for every product (by place) the search matches */
  matched: Uint8Array;
  /** per product, its relevance (relevanceOrder) */
  scores: Int32Array;
}

/** Rows at a time between two calls of a build's `pace` (one call per row would cost more than the turns it gives). */
export const ROWS_PER_PACE = 256;

/**
 * Texts (the products' names, their SKUs) one after the other in one string, so a search's literal text is looked for in
 * all of them with the native indexOf rather than a call per product. NUL parts them: PostgreSQL's text never holds it.
 */
function joinedTexts(texts: readonly string[]) {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, index) => (starts[index + 1] = starts[index]! + text.length + 1));
  const joined = texts.join('\0');
  return {
    /** Flags (by place) every text that holds `piece`. */
    markHolding(piece: string, flags: Uint8Array): void {
      if (piece === '') flags.fill(1);
      if (piece === '' || piece.includes('\0')) return;
      let index = 0;
      for (let found = joined.indexOf(piece); found !== -1; found = joined.indexOf(piece, starts[index + 1])) {
        while (starts[index + 1]! <= found) index += 1;
        flags[index] = 1;
      }
    },
  };
}

/** Each lexeme's products in one place, as one array for all (CSR): lexeme i's are items[offsets[i]] to items[offsets[i + 1]] less one. */
interface PostingLists {
  offsets: Int32Array;
  items: Int32Array;
}

/** The (lexeme, product) pairs of one place, in the order the products were read, as posting lists (a counting sort). */
function postingListsOf(pairs: Int32Array, lexemeCount: number): PostingLists {
  const offsets = new Int32Array(lexemeCount + 1);
  for (let pair = 0; pair < pairs.length; pair += 2) offsets[pairs[pair]! + 1]! += 1;
  for (let index = 0; index < lexemeCount; index += 1) offsets[index + 1]! += offsets[index]!;
  const items = new Int32Array(pairs.length / 2);
  const next = offsets.slice(0, lexemeCount);
  for (let pair = 0; pair < pairs.length; pair += 2) items[next[pairs[pair]!]!++] = pairs[pair + 1]!;
  return { offsets, items };
}

/**
 * The index over the products by place: each place's brand, and its row (none: a product the index does not hold, which
 * no search matches). `pace` is awaited now and then, so a big catalogue's build leaves turns to requests.
 */
export async function buildSearchIndex(
  brandIds: Int32Array,
  rows: readonly (IndexedProduct | undefined)[],
  brandRows: readonly IndexedBrand[],
  pace: () => Promise<void>,
) {
  const lexemes: string[] = [];
  const indexOf = new Map<string, number>();
  // per place, (lexeme, product) pairs one after the other: one array per place, not one per lexeme
  const pairs = Array.from({ length: PLACES }, () => new IntList());
  const add = (where: Place, word: string, place: number) => {
    let index = indexOf.get(word);
    if (index === undefined) {
      index = lexemes.push(word) - 1;
      indexOf.set(word, index);
    }
    pairs[where]!.push(index);
    pairs[where]!.push(place);
  };
  const brands = new Map(brandRows.map((brand) => [brand.id, { name: brand.name.toLowerCase(), words: brand.words }]));
  const addAll = (where: Place, joined: string | null, place: number) => {
    if (joined) for (const word of joined.split(WORD_SEPARATOR)) add(where, word, place);
  };
  const count = brandIds.length;
  const nameTexts: string[] = [];
  const skuTexts: string[] = [];
  for (let place = 0; place < count; place += 1) {
    if (place % ROWS_PER_PACE === 0) await pace();
    const row = rows[place];
    nameTexts.push(row?.name.toLowerCase() ?? '');
    skuTexts.push(row?.sku?.toLowerCase() ?? '');
    if (!row) continue;
    addAll(Place.Name, row.nameWords, place);
    for (const word of brands.get(brandIds[place]!)?.words ?? []) add(Place.Brand, word, place);
    addAll(Place.Details, row.detailWords, place);
    addAll(Place.Description, row.descriptionWords, place);
  }
  await pace();
  const names = joinedTexts(nameTexts);
  const skus = joinedTexts(skuTexts);
  const lists: PostingLists[] = [];
  for (const placePairs of pairs) {
    await pace();
    lists.push(postingListsOf(placePairs.view(), lexemes.length));
  }

  /** The lexemes a lexeme of the search stands for: itself, or every word it starts. */
  const lexemesOf = ({ lexeme, prefix }: { lexeme: string; prefix: boolean }): number[] => {
    if (!prefix) return indexOf.has(lexeme) ? [indexOf.get(lexeme)!] : [];
    const found: number[] = [];
    lexemes.forEach((word, index) => word.startsWith(lexeme) && found.push(index));
    return found;
  };

  /** The products that have a word of the group in one of the places, as flags. */
  function groupIn(group: LexemeGroup, places: readonly Place[], words: Map<string, number[]>): Uint8Array {
    let flags: Uint8Array | null = null;
    for (const form of group.forms) {
      // every lexeme of the form, each anywhere in the given places
      let inForm: Uint8Array | null = null;
      for (const part of form) {
        const key = `${part.prefix ? '*' : ''}${part.lexeme}`;
        const found = words.get(key) ?? lexemesOf(part);
        words.set(key, found);
        const here = new Uint8Array(count);
        for (const where of places) {
          const { offsets, items } = lists[where]!;
          for (const index of found) for (let item = offsets[index]!; item < offsets[index + 1]!; item += 1) here[items[item]!] = 1;
        }
        if (inForm) for (let place = 0; place < count; place += 1) inForm[place] = inForm[place]! & here[place]!;
        else inForm = here;
      }
      if (inForm && flags) for (let place = 0; place < count; place += 1) flags[place] = flags[place]! | inForm[place]!;
      else flags = inForm;
    }
    return flags ?? new Uint8Array(count);
  }

  /** Whether a brand's own words hold a whole form of some word of the search (the brands "any word" names). */
  function brandNamed(words: string[], groups: LexemeGroup[]): boolean {
    return groups.some((group) =>
      group.forms.some((form) => form.every((part) => words.some((word) => (part.prefix ? word.startsWith(part.lexeme) : word === part.lexeme)))),
    );
  }

  return {
    /**
     * What exactMatchesOf's condition matches, product by product: every word of the search in the product's
     * words (a word without lexemes, a stop word, asks for nothing; a search of stop words alone matches no
     * word), or in the product's and its brand's when the brand's name holds a word of the search; or the
     * search as typed inside the name, the SKU or the brand's name.
     */
    match(search: AnalysedSearch): SearchMatches {
      const words = new Map<string, number[]>();
      const asked = search.groups.filter((group) => group.forms.length > 0);
      const own = [Place.Name, Place.Details, Place.Description];
      const all = [...own, Place.Brand];
      const everyGroup = (places: Place[]) => {
        if (asked.length === 0) return new Uint8Array(count);
        const flags = groupIn(asked[0]!, places, words);
        for (const group of asked.slice(1)) {
          const more = groupIn(group, places, words);
          for (let place = 0; place < count; place += 1) flags[place] = flags[place]! & more[place]!;
        }
        return flags;
      };
      const matched = everyGroup(own);
      const named = new Set([...brands].filter(([, brand]) => brandNamed(brand.words, asked)).map(([id]) => id));
      if (named.size > 0) {
        const withBrand = everyGroup(all);
        for (let place = 0; place < count; place += 1) if (withBrand[place] && named.has(brandIds[place]!)) matched[place] = 1;
      }
      const literal = search.literal.toLowerCase();
      const literalBrands = new Set([...brands].filter(([, brand]) => brand.name.includes(literal)).map(([id]) => id));
      names.markHolding(literal, matched);
      skus.markHolding(literal, matched);
      if (literalBrands.size > 0) for (let place = 0; place < count; place += 1) if (literalBrands.has(brandIds[place]!)) matched[place] = 1;
      // per word of the search and place, the products that have it there add its weight
      const scores = new Int32Array(count);
      for (const group of search.groups) {
        for (const where of [Place.Name, Place.Brand, Place.Details, Place.Description]) {
          const flags = groupIn(group, [where], words);
          const weight = WEIGHTS[where];
          for (let place = 0; place < count; place += 1) if (flags[place] === 1) scores[place]! += weight;
        }
      }
      return { matched, scores };
    },
  };
}

export type SearchIndex = Awaited<ReturnType<typeof buildSearchIndex>>;
