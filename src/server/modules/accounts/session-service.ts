import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/http/auth.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session for the user; the token goes into the cookie, only its hash into the table. */
export async function createSession(db: Database, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAdmin: users.isAdmin,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** Deletes expired sessions on a timer of its own; a failed run (database away) waits for the next. */
export function scheduleSessionCleanup(db: Database, log: { warn(obj: object, msg: string): void }, intervalMs: number): { stop(): void } {
  const timer = setInterval(() => {
    deleteExpiredSessions(db).catch((error: unknown) => log.warn({ err: error }, 'expired session clean-up failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
