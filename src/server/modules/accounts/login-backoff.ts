import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { loginFailures } from '#server/db/schema.ts';

/** Failures allowed before an account name is locked. */
const FREE_FAILURES = 5;
const FIRST_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
// a failure this long after the previous one starts a fresh count
const FORGET_AFTER = sql.raw("interval '1 day'");

/**
 * Names are keyed as typed, lowercased, whether or not such an account exists: the lock must
 * look the same for both, or it would tell which names are taken.
 */
function backoffKey(username: string): string {
  return username.trim().toLowerCase();
}

/** Seconds the name stays locked, or 0 when it may try now. */
export async function lockedForSeconds(db: Database, username: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${loginFailures.lockedUntil} - now())))::integer` })
    .from(loginFailures)
    .where(eq(loginFailures.key, backoffKey(username)));
  return Math.max(0, row?.seconds ?? 0);
}

/**
 * One more failure for the name. From the FREE_FAILURES-th on, each failure locks the name for
 * twice as long as the one before (30 s, 1 min, 2 min ...), at most 15 minutes: a password
 * guesser spread over many addresses gets a handful of tries an hour per account.
 */
export async function recordLoginFailure(db: Database, username: string): Promise<void> {
  const stale = sql`${loginFailures.lastFailureAt} < now() - ${FORGET_AFTER}`;
  const failures = sql`case when ${stale} then 1 else ${loginFailures.failures} + 1 end`;
  await db
    .insert(loginFailures)
    .values({ key: backoffKey(username), failures: 1, lockedUntil: lockUntil(sql`1`), lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: { failures: sql`least(${failures}, 1000)`, lockedUntil: lockUntil(failures), lastFailureAt: sql`now()` },
    });
}

function lockUntil(failures: ReturnType<typeof sql>) {
  const free = sql.raw(String(FREE_FAILURES));
  const exponent = sql`least(greatest(${failures} - ${free}, 0), 20)`;
  const seconds = sql`least(${sql.raw(String(FIRST_LOCK_SECONDS))} * power(2, ${exponent}), ${sql.raw(String(MAX_LOCK_SECONDS))})`;
  return sql`case when ${failures} >= ${free} then now() + ${seconds} * interval '1 second' else null end`;
}

/** A successful sign-in forgets the failures. */
export async function clearLoginFailures(db: Database, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, backoffKey(username)));
}
