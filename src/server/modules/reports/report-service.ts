import { claimScheduledRun, CLAIM_SHARE } from '#server/db/scheduled-runs.ts';
import type { Database } from '#server/db/client.ts';
import { catchUpReports } from './report-rollup.ts';

/**
 * Rolls up the orders changed since the last run every interval, on one instance (scheduled-runs), so
 * the catch-up a report does before it reads finds little left to do (decision 051).
 */
export function scheduleReportRollup(db: Database, log: { warn(obj: object, msg: string): void }, intervalMs: number): { stop(): void } {
  const timer = setInterval(() => {
    claimScheduledRun(db, 'report-rollup', intervalMs * CLAIM_SHARE)
      .then(async (mine) => {
        if (mine) await catchUpReports(db);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'report roll-up failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
