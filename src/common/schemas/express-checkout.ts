import { z } from 'zod';
import { US_STATES } from '../constants.ts';
import { CreatePaymentIntentInput, OrderTotals, ShippingAddress } from './checkout.ts';

// Express checkout: a wallet (Apple Pay, Google Pay, Link, or the simulator's wallet) pays through the
// same order placement as the card form. Money is integer cents.

const STATE_BY_NAME = new Map(US_STATES.map(([code, name]) => [name.toLowerCase(), code]));

/** Wallets send the state as the shopper's card or device has it: "CA", "ca" or "California". */
const WalletState = z
  .string({ error: 'Please complete shipping address' })
  .trim()
  .transform((value) => STATE_BY_NAME.get(value.toLowerCase()) ?? value)
  .pipe(ShippingAddress.shape.state);

/**
 * What a wallet shares before the shopper confirms: Apple Pay and Google Pay give only city, state and
 * ZIP code (no street, no name) so the shop can price shipping and tax.
 */
const WalletPartialAddress = z.object({
  city: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  state: WalletState,
  zip: ShippingAddress.shape.zip,
  country: ShippingAddress.shape.country,
});

export const ExpressQuoteInput = z.object({
  items: CreatePaymentIntentInput.shape.items,
  couponCode: CreatePaymentIntentInput.shape.couponCode,
  // absent when the wallet opens: shipping is known, tax waits for an address
  address: WalletPartialAddress.optional(),
  // the option the shopper picked in the wallet; absent or no longer offered: the cheapest
  shippingOptionId: z.string().trim().max(20, 'Please choose a shipping option').optional(),
});
export type ExpressQuoteInput = z.input<typeof ExpressQuoteInput>;
export type ExpressQuoteRequest = z.output<typeof ExpressQuoteInput>;

export const ShippingOption = z.object({
  id: z.string(),
  label: z.string(),
  amountCents: z.number().int(),
});
export type ShippingOption = z.infer<typeof ShippingOption>;

export const ExpressQuoteResult = z.object({
  shippingOptions: z.array(ShippingOption),
  /** with the first shipping option */
  totals: OrderTotals,
  /** false until an address is given: the total has no tax yet */
  taxIncluded: z.boolean(),
  /** true when the tax is the settings' default rate because the tax service failed */
  taxFallback: z.boolean(),
});
export type ExpressQuoteResult = z.infer<typeof ExpressQuoteResult>;

/**
 * The wallet's order: its contact and full shipping address (shared once the shopper confirms), the
 * shipping option chosen in the wallet, and the total the wallet showed, which must still be the
 * server's: the shopper approved that amount and no other.
 */
export const ExpressOrderInput = CreatePaymentIntentInput.extend({
  shippingAddress: ShippingAddress.extend({ state: WalletState }),
  shippingOptionId: z
    .string({ error: 'Please choose a shipping option' })
    .trim()
    .min(1, 'Please choose a shipping option')
    .max(50, 'Please choose a shipping option'),
  amount: z
    .number({ error: 'Amount must be a whole number of cents' })
    .int('Amount must be a whole number of cents')
    .nonnegative('Amount must be a whole number of cents'),
});
export type ExpressOrderInput = z.input<typeof ExpressOrderInput>;
export type ExpressOrderRequest = z.output<typeof ExpressOrderInput>;
