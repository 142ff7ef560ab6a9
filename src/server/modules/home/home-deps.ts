import type { Database } from '#server/db/client.ts';
import type { CatalogReads } from '#server/modules/catalog/catalog-service.ts';

/** What the home page's routes are handed by the composition root. */
export interface HomeDeps {
  db: Database;
  /** the grids' products are read as the shop's lists read them, cards and all */
  catalog: CatalogReads;
}
