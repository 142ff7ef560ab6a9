import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { clearLoginFailures, lockedForSeconds, recordLoginFailure } from './login-backoff.ts';
import { verifyPassword } from './passwords.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

export type CurrentPasswordCheck = { kind: 'ok' } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * The profile's changes ask for the current password, under the sign-in's back-off for the account's
 * name: a session left open on a shared computer must not become a way to guess the password.
 * A wrong one counts as a failed sign-in and is refused beside its field.
 */
export async function checkCurrentPassword(db: Database, user: SessionUser, password: string): Promise<CurrentPasswordCheck & { passwordHash?: string }> {
  const retryAfterSeconds = await lockedForSeconds(db, user.username);
  if (retryAfterSeconds > 0) return { kind: 'locked', retryAfterSeconds };
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    await recordLoginFailure(db, user.username);
    throw invalidInput(WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
  }
  await clearLoginFailures(db, user.username);
  return { kind: 'ok', passwordHash: row.passwordHash };
}
