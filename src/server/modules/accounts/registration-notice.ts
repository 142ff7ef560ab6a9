import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { countHit } from '#server/http/rate-limit-store.ts';
import { sendRegistrationAttemptEmail } from '#server/modules/mail/account-mail-service.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { SIGN_IN_PATH } from '#common/return-to.ts';

/** One notice per address a day, however often the form is tried with it: nobody can flood an inbox through it. */
const NOTICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RegistrationNoticeDeps {
  db: Database;
  mail: MailService;
  /** where the e-mail's sign-in link starts (config.ts publicOrigin) */
  shopOrigin: string;
}

/**
 * Registration says an e-mail address is taken (decision 036); the address's owner is told someone
 * tried, with their username and the way to sign in or reset the password. Answers whether a notice
 * was written.
 */
export async function tellOwnerOfRegistrationAttempt(deps: RegistrationNoticeDeps, email: string): Promise<boolean> {
  const { db, mail } = deps;
  const hits = await countHit(db, `registration-notice ${email}`, NOTICE_WINDOW_MS);
  if (hits.current > 1) return false;
  const [owner] = await db.select({ username: users.username, fullName: users.fullName }).from(users).where(eq(users.email, email)).limit(1);
  if (!owner) return false;
  await sendRegistrationAttemptEmail(mail, db, email, {
    greetingName: owner.fullName ?? owner.username,
    username: owner.username,
    signInLink: new URL(SIGN_IN_PATH, deps.shopOrigin).toString(),
  });
  return true;
}
