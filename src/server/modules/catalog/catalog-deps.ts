import type { Database } from '#server/db/client.ts';
import type { CatalogReads } from './catalog-service.ts';

/** What the catalogue's shop routes are handed by the composition root. */
export interface CatalogDeps {
  db: Database;
  /** the prepared catalogue reads, built once */
  catalog: CatalogReads;
}
