/**
 * Gift card codes (decision 059): 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * shown in groups of four. 31^16 is about 2^79 codes: with the balance check rate-limited, guessing one is hopeless.
 */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;

/** What a shopper typed, as the code is stored: upper case, without spaces or dashes. */
export function normalizeGiftCardCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

/** XXXX-XXXX-XXXX-XXXX, as printed in the e-mail. */
export function formatGiftCardCode(code: string): string {
  return normalizeGiftCardCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** The largest amount one card may carry: $10,000.00. */
export const MAX_GIFT_CARD_CENTS = 1_000_000;

/**
 * The smallest card payment (Stripe's smallest USD charge). The same figure as checkout's MIN_CHARGE_CENTS on the server.
 */
const MIN_CARD_CHARGE_CENTS = 50;

/**
 * What gift cards holding `availableCents` between them pay of an order of `totalCents` (decision 071): all of it
 * when they cover it, so no card payment is needed; otherwise at most the total less the smallest card payment,
 * because a card payment of 1 to 49 cents is one Stripe refuses. The page and the server apply the same rule.
 */
export function giftCardsPay(availableCents: number, totalCents: number): number {
  if (availableCents >= totalCents) return Math.max(0, totalCents);
  return Math.max(0, Math.min(availableCents, totalCents - MIN_CARD_CHARGE_CENTS));
}

/**
 * How the payment reference of an order its gift cards paid whole begins (decision 071): it stands where a
 * provider's payment id would, so the confirmation page reads such an order the same way.
 */
export const GIFT_CARD_PAYMENT_PREFIX = 'gift_card_';

/** The product type that makes a product a gift card (decision 066); migration 0041 gives every shop one. */
export const GIFT_CARD_TYPE_SLUG = 'gift-card';
