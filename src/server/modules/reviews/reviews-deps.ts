import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

/** What the review routes are handed by the composition root; each plugin takes the part it uses. */
export interface ReviewsDeps {
  db: Database;
  /** the reviews' photos */
  images: ImageStore;
  /** the owner's reply is e-mailed to the author */
  mail: MailService;
  /** the reply e-mail's product link starts with the shop's configured address */
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
}
