import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { invalidInput, notFound } from '#server/errors/domain-errors.ts';

export const SESSION_NOT_FOUND = 'That session has already ended';
export const CURRENT_SESSION = 'This is the session you are using: sign out to end it';

interface SessionSummary {
  id: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/**
 * The name a session goes by in the profile: a hash of its row's key, which is itself a hash of the cookie, so the
 * list gives nothing that could be turned back into a cookie.
 */
const publicId = (sessionId: string) => createHash('sha256').update(`session ${sessionId}`).digest('base64url').slice(0, 22);

/** The user's live sessions, the newest first, the one asking marked. */
export async function listSessions(db: Database, userId: number, currentSessionId: string): Promise<SessionSummary[]> {
  const rows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({ ...row, id: publicId(row.id), current: row.id === currentSessionId }));
}

/** Ends one other session of the user's, named as the list names it. */
export async function endSessionOf(db: Database, userId: number, currentSessionId: string, id: string): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => publicId(row.id) === id);
  if (!match) throw notFound(SESSION_NOT_FOUND);
  if (match.id === currentSessionId) throw invalidInput(CURRENT_SESSION);
  await db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
}

/** Every session of the user but the one asking; answers how many ended. */
export async function endOtherSessions(db: Database, userId: number, currentSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
