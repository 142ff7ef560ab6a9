import { asc, eq } from 'drizzle-orm';
import type { Synonym, SynonymInput } from '#common/schemas/search.ts';
import type { Database } from '#server/db/client.ts';
import { searchSynonyms } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import { forgetSearchWords } from './search-words-service.ts';

const columns = { id: searchSynonyms.id, term: searchSynonyms.term, meanings: searchSynonyms.meanings };

/** The owner's synonyms, by term. */
export function listSynonyms(db: Database): Promise<Synonym[]> {
  return db.select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.term));
}

/** Saves a term's meanings: a term already there takes the new ones. Searches read them at once. */
export async function saveSynonym(db: Database, input: SynonymInput): Promise<Synonym> {
  const meanings = [...new Set(input.meanings.filter((meaning) => meaning !== input.term))];
  const [row] = await db
    .insert(searchSynonyms)
    .values({ term: input.term, meanings })
    .onConflictDoUpdate({ target: searchSynonyms.term, set: { meanings } })
    .returning(columns);
  forgetSearchWords(db);
  return row!;
}

export async function deleteSynonym(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
  if (!row) throw notFound('Synonym not found');
  forgetSearchWords(db);
}
