import type { Database } from '#server/db/client.ts';
import type { SignedLinks } from '#server/http/signed-links.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';

/** What the composition root hands the reminders: their routes and their runs. */
export interface CheckoutRecoveryDeps {
  db: Database;
  mail: MailService;
  /** a reminder's cart link and its own unsubscribe link, both signed with the reminder's id */
  links: SignedLinks<'cart' | 'unsubscribe'>;
  /** the shop's public address: the cart link opens the storefront */
  publicBase: string;
}
