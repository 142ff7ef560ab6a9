import type { Database } from '#server/db/client.ts';

/** What the report routes are handed by the composition root. */
export interface ReportsDeps {
  db: Database;
}
