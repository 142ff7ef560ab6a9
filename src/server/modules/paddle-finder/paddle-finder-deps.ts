import type { Database } from '#server/db/client.ts';

/** What the paddle finder's routes are handed by the composition root. */
export interface PaddleFinderDeps {
  db: Database;
}
