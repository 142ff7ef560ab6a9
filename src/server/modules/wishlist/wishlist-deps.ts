import type { Database } from '#server/db/client.ts';

/** What the wishlist's routes are handed by the composition root. */
export interface WishlistDeps {
  db: Database;
}
