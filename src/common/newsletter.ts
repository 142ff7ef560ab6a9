// The newsletter's texts, apart from its schemas: the footer on every page shows them without loading zod.

/** What the footer's form says beside its field; stored with each sign-up as what was agreed to (decision 056). */
export const NEWSLETTER_CONSENT_TEXT = 'E-mail me news about new gear and offers. Unsubscribe any time.';

/** The profile's and the registration's box: stored with the account's sign-up as what was agreed to (decision 056). */
export const ACCOUNT_CONSENT_TEXT = 'Send me news and offers by e-mail';
