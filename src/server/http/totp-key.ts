import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { appSecrets } from '#server/db/schema.ts';

const NAME = 'totp-key';

/**
 * The AES-256 key the TOTP secrets are sealed with (decision 053): generated once and kept in the database,
 * so every instance on it opens the others' secrets. Its own key, not one derived from the session secret:
 * changing SESSION_SECRET signs everyone out, and must not also lock staff out of two-factor sign-in.
 */
export async function loadTotpKey(db: Database): Promise<Buffer> {
  // whichever instance gets here first wins; the others' candidates are dropped
  await db
    .insert(appSecrets)
    .values({ name: NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, NAME));
  return Buffer.from(row!.value, 'base64url');
}
