import { z } from 'zod';
import { Email } from './accounts.ts';
import { pageFields, searchText } from './admin-lists.ts';

/** Where a sign-up came from: the consent's evidence names it (decision 056). */
export const NewsletterSource = z.enum(['footer', 'account', 'checkout', 'registration']);
export type NewsletterSource = z.infer<typeof NewsletterSource>;

/** POST /api/newsletter: the footer's sign-up. */
export const NewsletterSignup = z.object({
  // as long as an address may be (RFC 5321)
  email: z.pipe(z.string({ error: 'Email is required' }).max(254, 'Email must be at most 254 characters'), Email),
});
export type NewsletterSignup = z.infer<typeof NewsletterSignup>;

// the same answer whether or not the address is known: a sign-up form must not tell who is subscribed
export const NEWSLETTER_CHECK_EMAIL_MESSAGE = 'Thanks! Check your e-mail and open the link we sent to confirm your subscription.';
export const NewsletterSignupResult = z.object({ message: z.string() });

/** The signed token of a confirm or unsubscribe link. */
export const NewsletterTokenQuery = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long') });

const NewsletterStatus = z.enum(['unconfirmed', 'subscribed', 'unsubscribed']);

/** GET /api/admin/newsletter/subscribers: one page, newest sign-up first. */
export const NewsletterSubscriberQuery = z.object({
  ...pageFields(50),
  q: searchText,
  status: NewsletterStatus.optional(),
});
export type NewsletterSubscriberQuery = z.infer<typeof NewsletterSubscriberQuery>;

const NewsletterSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  status: NewsletterStatus,
  source: NewsletterSource,
  signedUpAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

export const NewsletterSubscriberPage = z.object({
  items: z.array(NewsletterSubscriber),
  total: z.number().int(),
  // the whole list's counts, whatever the filter
  counts: z.object({ subscribed: z.number().int(), unconfirmed: z.number().int(), unsubscribed: z.number().int() }),
});
export type NewsletterSubscriberPage = z.infer<typeof NewsletterSubscriberPage>;
