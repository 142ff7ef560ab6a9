import { ACCOUNT_CONSENT_TEXT } from '#common/newsletter.ts';
import { signUpForNewsletter, unsubscribeFromNewsletter, type NewsletterDeps } from '#server/modules/newsletter/newsletter-service.ts';

/**
 * The profile's marketing box is the account's wish; the newsletter list is what is sent to (decision 056).
 * Ticking it signs the address up through the same double opt-in as the footer (an account's address is
 * not proven, so it still gets the confirmation link); unticking takes it off the list.
 */
export async function followConsentOnNewsletter(newsletter: NewsletterDeps, account: { id: number; email: string | null }, consent: boolean): Promise<void> {
  // an account without an address has nothing to put on the list
  if (account.email === null) return;
  if (consent) {
    await signUpForNewsletter(newsletter, { email: account.email, source: 'account', consentText: ACCOUNT_CONSENT_TEXT, userId: account.id });
  } else {
    await unsubscribeFromNewsletter(newsletter.db, { email: account.email });
  }
}

/**
 * The registration form's box: the new account's address joins the list with source 'registration' and
 * the box's sentence, through the same double opt-in (the address is not proven yet).
 */
export async function signUpAtRegistration(newsletter: NewsletterDeps, account: { id: number; email: string | null }): Promise<void> {
  if (account.email === null) return;
  await signUpForNewsletter(newsletter, { email: account.email, source: 'registration', consentText: ACCOUNT_CONSENT_TEXT, userId: account.id });
}
