import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';

/** What the accounts routes are handed by the composition root; each plugin takes the part it uses. */
export interface AccountsDeps {
  db: Database;
  /** the sign-in and registration limits, and the shop's address (session cookies, links in e-mails) */
  config: Pick<Config, 'AUTH_RATE_LIMIT' | 'REGISTER_RATE_LIMIT' | 'PUBLIC_URL' | 'PORT'>;
  mail: MailService;
}
