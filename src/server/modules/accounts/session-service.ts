import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { claimScheduledRun, CLAIM_SHARE } from '#server/db/scheduled-runs.ts';
import { sessions, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { deleteExpiredEmailChangeTokens } from './email-change.ts';
import { deleteExpiredResetTokens } from './password-reset.ts';
import { hashToken, newSecretToken } from './secret-token.ts';
import { sessionUserColumns } from './user-columns.ts';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new session for the user; the token goes into the cookie, only its hash into the table. */
export async function createSession(db: Database, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/**
 * Deletes expired sessions, password-reset and e-mail change tokens on a timer of its own (each is refused as soon
 * as they expire either way), on one instance per interval; a failed run (database away) waits for the next.
 */
export function scheduleSessionCleanup(db: Database, log: { warn(obj: object, msg: string): void }, intervalMs: number): { stop(): void } {
  const timer = setInterval(() => {
    claimScheduledRun(db, 'session-cleanup', intervalMs * CLAIM_SHARE)
      .then(async (mine) => {
        if (mine) await Promise.all([deleteExpiredSessions(db), deleteExpiredResetTokens(db), deleteExpiredEmailChangeTokens(db)]);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'expired session clean-up failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
