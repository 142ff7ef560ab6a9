import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { scheduledRuns } from './schema.ts';

/** The share of a timer's interval a claim lasts: under 1, so timer jitter never skips a run. */
export const CLAIM_SHARE = 0.8;

/**
 * Takes this interval's run of a piece of background work, or answers false when another instance
 * (on the same database) took it less than `everyMs` ago: one conditional upsert, so of several
 * instances whose timers fire together exactly one wins. `everyMs` is the timer's interval times
 * CLAIM_SHARE.
 */
export async function claimScheduledRun(db: Database, name: string, everyMs: number): Promise<boolean> {
  const claimed = await db
    .insert(scheduledRuns)
    .values({ name, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: scheduledRuns.name,
      set: { startedAt: sql`now()` },
      setWhere: sql`${scheduledRuns.startedAt} <= now() - ${everyMs} * interval '1 millisecond'`,
    })
    .returning({ name: scheduledRuns.name });
  return claimed.length > 0;
}
