import { and, asc, desc, like, sql } from 'drizzle-orm';
import type { SearchTermReport, TermCount } from '#common/schemas/search.ts';
import type { Database } from '#server/db/client.ts';
import { searchTermDays } from '#server/db/schema.ts';

const MAX_TERM_LENGTH = 100;
const REPORT_ROWS = 20;
/** the box suggests what shoppers searched for in the last month */
const POPULAR_DAYS = 30;
// an e-mail address, a phone or a card number typed into the box is someone's data, not a search
const PERSONAL = /@|\d[\d\s-]{6,}\d/u;

/** A search as it is counted: lowercase, single spaces; null for one that must not be kept. */
function countedTerm(search: string): string | null {
  const term = search.toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, MAX_TERM_LENGTH);
  return term === '' || PERSONAL.test(term) ? null : term;
}

/** Counts a search in today's row (UTC), and whether it found nothing. */
export async function recordSearch(db: Database, search: string, found: number): Promise<void> {
  const term = countedTerm(search);
  if (term === null) return;
  const zero = found === 0 ? 1 : 0;
  await db
    .insert(searchTermDays)
    .values({ day: sql`(now() at time zone 'utc')::date`, term, searches: 1, zeroResults: zero })
    .onConflictDoUpdate({
      target: [searchTermDays.day, searchTermDays.term],
      set: { searches: sql`${searchTermDays.searches} + 1`, zeroResults: sql`${searchTermDays.zeroResults} + ${zero}` },
    });
}

const since = (days: number) => sql`${searchTermDays.day} > (now() at time zone 'utc')::date - ${days}::int`;

async function topTerms(db: Database, days: number, count: 'searches' | 'zeroResults'): Promise<TermCount[]> {
  const total = sql<number>`sum(${searchTermDays[count]})::int`;
  return db
    .select({ term: searchTermDays.term, searches: total })
    .from(searchTermDays)
    .where(since(days))
    .groupBy(searchTermDays.term)
    .having(sql`${total} > 0`)
    .orderBy(desc(total), asc(searchTermDays.term))
    .limit(REPORT_ROWS);
}

/** The most searched terms and those that found nothing, over the last `days` days (today included). */
export async function searchTermReport(db: Database, days: number): Promise<SearchTermReport> {
  const [top, zeroResults] = await Promise.all([topTerms(db, days, 'searches'), topTerms(db, days, 'zeroResults')]);
  return { days, top, zeroResults };
}

/** Past searches that found something and start like the text, most searched first: the box's suggested queries. */
export async function popularSearches(db: Database, start: string, limit: number): Promise<string[]> {
  const prefix = countedTerm(start);
  if (prefix === null) return [];
  const pattern = `${prefix.replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ term: searchTermDays.term })
    .from(searchTermDays)
    .where(and(since(POPULAR_DAYS), like(searchTermDays.term, pattern)))
    .groupBy(searchTermDays.term)
    .having(sql`sum(${searchTermDays.searches}) > sum(${searchTermDays.zeroResults})`)
    .orderBy(desc(sql`sum(${searchTermDays.searches})`), asc(searchTermDays.term))
    .limit(limit);
  return rows.map((row) => row.term);
}
