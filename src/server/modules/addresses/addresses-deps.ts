import type { Database } from '#server/db/client.ts';

/** What the address book's routes are handed by the composition root. */
export interface AddressesDeps {
  db: Database;
}
