import { distance } from 'fastest-levenshtein';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { createKeptRead } from '#server/db/kept-read.ts';
import { searchSynonyms } from '#server/db/schema.ts';

// How the shop reads a shopper's words (decision 054): each word may also mean the catalogue's words it is
// a typo of ("padle" -> "paddle", "selkrik" -> "Selkirk") and the owner's synonyms of it ("racket" ->
// "paddle"). The catalogue's words are read into memory: correcting a word against a few thousand of them
// takes well under a millisecond, where the database's trigram search needs a query per word.

/**
 * The catalogue's words are read again after this long at most: the catalogue reads forget them on every
 * change notice (catalog-service.ts clear, as the listing's metadata), so this is a guard only. Reading
 * them every 3 s cost the database a pass over every product's name and terms each time (decision 073).
 */
const FRESH_MS = 60_000;
/** Shorter words are left as typed: a typo of three letters is a different word too often. */
const MIN_CORRECTED_LENGTH = 4;
/** Alternatives kept per word: more would only add noise to the results. */
const MAX_ALTERNATIVES = 3;
const WORD = /[\p{L}\p{Nd}]+/gu;

interface Words {
  /** what the words were read from, as WORDS_PRINT printed it in the same snapshot of the database */
  print: string;
  /** each catalogue word (names of products, brands and types, option and spec labels) and how often it occurs */
  weights: Map<string, number>;
  /** the same words in order, for "a word starts with what was typed" */
  sorted: string[];
  /** term -> meanings, lowercase */
  synonyms: Map<string, string[]>;
}

/** How the shop reads a search: what each word may also mean, and the corrected search when a word was corrected. */
interface SearchReading {
  /** lowercase word as typed -> the words it may also mean (corrections, then synonyms); words with none are absent */
  meanings: ReadonlyMap<string, readonly string[]>;
  /** the search with each corrected word replaced by its likeliest correction ("did you mean"), or null */
  didYouMean: string | null;
}

const kept = new WeakMap<Database, ReturnType<typeof createKeptRead<Words>>>();

/**
 * A print of everything the words are read from: the products' names and search terms, the brands' and types'
 * names, the synonyms. A price, stock or featuring leaves it as it was; the words are then kept rather than read
 * again, which at 50,000 products took the database about a second (a regular expression over every name).
 */
const WORDS_PRINT = sql`select concat_ws(':',
    (select concat(count(*), ':', sum(hashtextextended((name, search_terms)::text, 0)::numeric)) from products where not is_deleted),
    (select sum(hashtextextended(name, 0)::numeric) from brands),
    (select sum(hashtextextended(name, 0)::numeric) from product_types),
    (select sum(hashtextextended((term, meanings)::text, 0)::numeric) from search_synonyms)) as print`;

const printOf = async (db: Database | Transaction) => ((await db.execute(WORDS_PRINT)) as unknown as { rows: { print: string }[] }).rows[0]!.print;

/** The catalogue's words, or the last ones read (`previous`) while their print is the database's. */
async function loadWords(db: Database, previous: Words | null): Promise<Words> {
  if (previous && (await printOf(db)) === previous.print) return previous;
  // the print and the words from one snapshot of the database: a print older than its words could keep them past a change
  return db.transaction((tx) => readWords(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readWords(db: Transaction): Promise<Words> {
  const print = await printOf(db);
  // a word is letters or digits; pure numbers and words under three letters correct nothing
  const result = await db.execute(sql`
    select word, count(*)::int as weight from (
      select regexp_split_to_table(lower(name || ' ' || search_terms), '[^[:alnum:]]+') as word from products where not is_deleted
      union all select regexp_split_to_table(lower(name), '[^[:alnum:]]+') from brands
      union all select regexp_split_to_table(lower(name), '[^[:alnum:]]+') from product_types
    ) w
    where length(word) >= 3 and word !~ '^[0-9]+$'
    group by word`);
  const weights = new Map<string, number>();
  for (const { word, weight } of (result as unknown as { rows: { word: string; weight: number }[] }).rows) weights.set(word, weight);
  // "Paddles" (a type's name) is also "paddle": a typo is closer to one of the two
  for (const [word, weight] of [...weights]) {
    const single = singular(word);
    if (single !== word && !weights.has(single)) weights.set(single, weight);
  }
  const synonyms = new Map<string, string[]>();
  for (const row of await db.select({ term: searchSynonyms.term, meanings: searchSynonyms.meanings }).from(searchSynonyms)) {
    synonyms.set(row.term, row.meanings);
    // a synonym's term is a word shoppers use: "raket" corrects to "racket"
    if (!weights.has(row.term)) weights.set(row.term, 1);
  }
  return { print, weights, sorted: [...weights.keys()].sort(), synonyms };
}

/** The catalogue's words, read at most every FRESH_MS; a stale copy answers while the next one is read. */
function wordsOf(db: Database): Promise<Words> {
  let words = kept.get(db);
  if (!words) kept.set(db, (words = createKeptRead((last) => loadWords(db, last), FRESH_MS)));
  return words.read();
}

/** Forget the words read so far: the next search reads them again if what they are read from has changed. */
export function forgetSearchWords(db: Database): void {
  kept.get(db)?.clear();
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function startsAWord(words: Words, prefix: string): boolean {
  let low = 0;
  let high = words.sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words.sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return words.sorted[low]?.startsWith(prefix) ?? false;
}

/** Two neighbouring letters swapped ("brnad", "selkrik") count as one edit, as people make them. */
function edits(word: string, candidate: string): number {
  if (word.length === candidate.length) {
    const first = [...word].findIndex((letter, index) => letter !== candidate[index]);
    if (first >= 0 && word[first] === candidate[first + 1] && word[first + 1] === candidate[first] && word.slice(first + 2) === candidate.slice(first + 2))
      return 1;
  }
  return distance(word, candidate);
}

/**
 * The catalogue words a word is likely a typo of, likeliest first: within one edit (a swap of two
 * neighbours is one; two edits from seven letters on), the closer and the more frequent first. The last word may be unfinished: it may also be a typo of a word's start.
 */
function correctionsOf(words: Words, word: string, unfinished: boolean): string[] {
  const allowed = word.length >= 7 ? 2 : 1;
  const found: { word: string; edits: number; weight: number }[] = [];
  for (const [candidate, weight] of words.weights) {
    if (Math.abs(candidate.length - word.length) <= allowed) {
      const made = edits(word, candidate);
      if (made <= allowed) found.push({ word: candidate, edits: made, weight });
    }
  }
  if (found.length === 0 && unfinished) {
    for (const [candidate, weight] of words.weights) {
      if (candidate.length > word.length && distance(word, candidate.slice(0, word.length)) === 1) found.push({ word: candidate, edits: 1, weight });
    }
  }
  found.sort((a, b) => a.edits - b.edits || b.weight - a.weight || a.word.localeCompare(b.word));
  // "paddle" and "paddles" are one word to the search: keep one of them
  const kept: string[] = [];
  for (const { word: candidate } of found) {
    if (!kept.some((other) => singular(other) === singular(candidate))) kept.push(candidate);
    if (kept.length === MAX_ALTERNATIVES) break;
  }
  return kept;
}

function isKnown(words: Words, word: string, unfinished: boolean): boolean {
  return words.weights.has(word) || words.weights.has(singular(word)) || (unfinished && startsAWord(words, word));
}

/** How the shop reads a search's words (see SearchReading). */
export async function readSearch(db: Database, search: string): Promise<SearchReading> {
  const typed = search.toLowerCase().match(WORD) ?? [];
  if (typed.length === 0) return { meanings: new Map(), didYouMean: null };
  const words = await wordsOf(db);
  const meanings = new Map<string, string[]>();
  const corrected: string[] = [];
  let anyCorrected = false;
  typed.forEach((word, index) => {
    const unfinished = index === typed.length - 1;
    const skip = word.length < MIN_CORRECTED_LENGTH || /^\d+$/u.test(word) || isKnown(words, word, unfinished);
    const corrections = skip ? [] : correctionsOf(words, word, unfinished);
    corrected.push(corrections[0] ?? word);
    if (corrections.length > 0) anyCorrected = true;
    const synonyms = [word, ...corrections].flatMap((form) => words.synonyms.get(form) ?? words.synonyms.get(singular(form)) ?? []);
    const alternatives = [...new Set([...corrections, ...synonyms])].filter((alternative) => alternative !== word);
    if (alternatives.length > 0) meanings.set(word, alternatives);
  });
  return { meanings, didYouMean: anyCorrected ? corrected.join(' ') : null };
}
