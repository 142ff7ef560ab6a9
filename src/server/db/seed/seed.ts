import type { Database } from '#server/db/client.ts';
import { contactInfo, policies, siteSettings } from '#server/db/schema.ts';

/** The single-row tables always exist, so reads and admin saves never meet an empty table. */
export async function ensureSingletonRows(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  await db.insert(contactInfo).values({ id: 1 }).onConflictDoNothing();
  await db.insert(policies).values({ id: 1 }).onConflictDoNothing();
}

/** Returns true when the demo catalogue was loaded into an empty database. */
export async function seedDatabase(db: Database, options: { mode: 'demo' | 'none'; dataDir: string }): Promise<boolean> {
  await ensureSingletonRows(db);
  void options;
  return false;
}
