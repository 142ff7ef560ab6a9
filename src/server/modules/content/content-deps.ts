import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

/** What the content routes are handed by the composition root; each plugin takes the part it uses. */
export interface ContentDeps {
  db: Database;
  /** which payment, tax and mail providers the shop uses, for GET /api/config */
  config: Config;
  /** the hero image */
  images: ImageStore;
}
