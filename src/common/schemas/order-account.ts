// zod/mini, like accounts.ts: the confirmation page validates the password with this schema.
import * as z from 'zod/mini';
import { PublicUser, RegisterInput } from './accounts.ts';

/**
 * POST /api/account/from-order: a paid guest order becomes an account. The e-mail is the order's, so the
 * shopper types only a password (registration's rule); the order is named by its payment id, and the
 * browser proves it placed it with the cookie checkout gave it (decision 040).
 */
export const AccountFromOrderInput = z.object({
  paymentIntentId: z.string({ error: 'Payment id is required' }).check(z.regex(/^[\w-]{3,200}$/, 'Invalid payment id')),
  password: RegisterInput.shape.password,
});
export type AccountFromOrderInput = z.infer<typeof AccountFromOrderInput>;

export const AccountFromOrderResult = z.object({
  user: PublicUser,
  /** the order, now on the account's order history */
  orderNumber: z.string(),
  /** whether the order's address went into the new address book */
  addressSaved: z.boolean(),
});
export type AccountFromOrderResult = z.infer<typeof AccountFromOrderResult>;

/** The shopper is told why the account was not made, in these words (each tested). */
export const ORDER_CLAIM_MISSING =
  'This order can only be turned into an account from the browser it was placed in, within 2 hours of checkout. Please create an account on the sign-in page instead.';
export const ORDER_ALREADY_LINKED = 'This order is already linked to an account. Please sign in to see it.';
export const ORDER_NOT_PAID = 'This order has not been paid, so it cannot be linked to an account yet.';
export const ORDER_EMAIL_HAS_ACCOUNT = 'An account already uses this e-mail address. Please sign in to see your orders.';
export const SIGNED_IN_ALREADY = 'You are signed in already. Sign out to create a new account for this order.';
