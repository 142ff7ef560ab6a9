// zod/mini, as accounts.ts: the sign-in page validates with it. Apart from accounts.ts so that a shopper's form
// asking for an e-mail address (a gift card's recipient) does not bring the staff roles the user schema names.
import * as z from 'zod/mini';

// stored lowercase: people type e-mails in any case
export const Email = z.pipe(
  z.pipe(z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required')), z.email('Please enter a valid email address')),
  z.transform((email: string) => email.toLowerCase()),
);
