import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { appSecrets } from '#server/db/schema.ts';

/** Where a shop from before the shared secret kept its own (one file per DATA_DIR). */
export const LEGACY_SECRET_FILE = 'session-secret';

/**
 * The key that signs session cookies. SESSION_SECRET wins when set (then every instance must get
 * the same). Otherwise it lives in the database, so every instance on one database accepts the
 * others' sessions: the first instance to start stores it, the rest read it. A shop upgraded from
 * the per-DATA_DIR file keeps its signed-in customers: that file's value is what gets stored.
 */
export async function loadSessionSecret(db: Database, options: { configured?: string; dataDir: string }): Promise<string> {
  if (options.configured) return options.configured;
  const candidate = (await readLegacySecret(options.dataDir)) ?? randomBytes(32).toString('base64url');
  // whichever instance gets here first wins; the others' candidates are dropped
  await db.insert(appSecrets).values({ name: 'session', value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, 'session'));
  return row!.value;
}

async function readLegacySecret(dataDir: string): Promise<string | null> {
  try {
    const value = (await readFile(path.join(dataDir, LEGACY_SECRET_FILE), 'utf8')).trim();
    return value === '' ? null : value;
  } catch {
    return null;
  }
}
