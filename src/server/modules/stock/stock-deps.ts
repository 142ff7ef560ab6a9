import type { Database } from '#server/db/client.ts';

/** What the stock module's routes are handed by the composition root: the database the ledger is read from. */
export interface StockDeps {
  db: Database;
}
