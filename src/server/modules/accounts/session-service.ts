import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { claimScheduledRun, CLAIM_SHARE } from '#server/db/scheduled-runs.ts';
import { accountSecuritySettings, sessions, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { deleteExpiredEmailChangeTokens } from './email-change.ts';
import { deleteExpiredResetTokens } from './password-reset.ts';
import { deleteExpiredPendingLogins } from './two-factor.ts';
import { hashToken, newSecretToken } from './secret-token.ts';
import { sessionUserColumns } from './user-columns.ts';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// "last seen" is kept to within this much, so a busy session writes its row once in a while, not per request
const LAST_SEEN_GRAIN_MS = 5 * 60 * 1000;

/** Where a session was started from, for the profile's list of sessions. */
interface SessionOrigin {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** A new session for the user; the token goes into the cookie, only its hash into the table. */
export async function createSession(db: Database, userId: number, origin: SessionOrigin = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    lastSeenAt: new Date(),
    userAgent: origin.userAgent?.slice(0, 400) ?? null,
    ip: origin.ip ?? null,
  });
  return { token, expiresAt };
}

/**
 * The session's user, with where they stand on two-factor sign-in (staff the shop requires it of, who have
 * none yet, are kept out of the admin routes by requireAdmin) and, for support staff, the owner's refund limit.
 */
export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      ...sessionUserColumns,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      twoFactorRequired: sql<boolean>`${users.role} is not null and coalesce((select ${accountSecuritySettings.requireAdminTwoFactor} from ${accountSecuritySettings} limit 1), false)`,
      refundLimitCents: sql<number>`coalesce((select ${accountSecuritySettings.supportRefundLimitCents} from ${accountSecuritySettings} limit 1), 0)`,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { twoFactorEnabled, twoFactorRequired, refundLimitCents, lastSeenAt, ...user } = row;
  if (!lastSeenAt || Date.now() - lastSeenAt.getTime() > LAST_SEEN_GRAIN_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, id), sql`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < now() - interval '5 minutes')`));
  }
  return {
    ...user,
    twoFactor: { enabled: twoFactorEnabled, required: twoFactorRequired },
    ...(user.role === 'support' && { refundLimitCents: Number(refundLimitCents) }),
  };
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
        if (mine)
          await Promise.all([deleteExpiredSessions(db), deleteExpiredResetTokens(db), deleteExpiredEmailChangeTokens(db), deleteExpiredPendingLogins(db)]);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'expired session clean-up failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
