import type { Database } from '#server/db/client.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';
import type { OnRestock } from '#server/modules/stock/stock-service.ts';
import type { CatalogReferences } from './catalog-references.ts';

/** What the catalogue's admin routes are handed by the composition root; each plugin takes the part it uses. */
export interface CatalogAdminDeps {
  db: Database;
  /** brand logos and product galleries */
  images: ImageStore;
  /** every stock write calls it: a variant back from 0 alerts its waiting sign-ups (stock-alerts) */
  onRestock: OnRestock;
  /** where the paddle finder's rules name a type, spec field, axis or option value: asked before a delete or rename */
  catalogReferences: CatalogReferences;
}
