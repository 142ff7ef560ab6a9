import type { Database } from '#server/db/client.ts';

/** What the audit trail's routes are handed: the database, and how many entries this instance failed to write. */
export interface AuditDeps {
  db: Database;
  writeFailures: () => number;
}
