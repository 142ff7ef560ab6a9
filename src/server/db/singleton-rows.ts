import type { Database } from './client.ts';
import { contactInfo, policies, siteSettings } from './schema.ts';

/** The single-row tables always exist, so reads and admin saves never meet an empty table. */
export async function ensureSingletonRows(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  await db.insert(contactInfo).values({ id: 1 }).onConflictDoNothing();
  await db.insert(policies).values({ id: 1 }).onConflictDoNothing();
}
