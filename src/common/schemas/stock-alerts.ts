import { z } from 'zod';
import { Email } from './accounts.ts';
import { positiveId } from './whole-number.ts';

/** POST /api/stock-alerts: "Notify me" on a sold-out variant. */
export const StockAlertSignup = z.object({
  variantId: positiveId('Choose a variant'),
  // as long as an address may be (RFC 5321)
  email: z.pipe(z.string({ error: 'Email is required' }).max(254, 'Email must be at most 254 characters'), Email),
});
export type StockAlertSignup = z.infer<typeof StockAlertSignup>;

/** pending: will be e-mailed on restock; unconfirmed: waiting for the confirmation link (guests). */
export const StockAlertSignupResult = z.object({
  status: z.enum(['pending', 'unconfirmed']),
  message: z.string(),
});
export type StockAlertSignupResult = z.infer<typeof StockAlertSignupResult>;

export const SIGNUP_PENDING_MESSAGE = "You're on the list. We'll e-mail you once when it's back in stock.";
export const SIGNUP_UNCONFIRMED_MESSAGE = 'Check your inbox: confirm the alert with the link we sent you.';

/** The signed token of a confirm or unsubscribe link. */
export const StockAlertTokenQuery = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long') });

/** GET /api/admin/stock-alerts?productId=: how many people wait for each variant of a product. */
export const StockAlertDemandQuery = z.object({ productId: positiveId('productId must be a positive integer') });
export const StockAlertDemand = z.array(z.object({ variantId: z.number().int(), waiting: z.number().int() }));
export type StockAlertDemand = z.infer<typeof StockAlertDemand>;
