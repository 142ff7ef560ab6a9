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
 * What a card payment always takes at least (Stripe's smallest USD charge): gift cards pay at most the total
 * less this (decision 059). The same figure as checkout's MIN_CHARGE_CENTS on the server.
 */
export const MIN_CARD_CHARGE_CENTS = 50;

/** The product type that makes a product a gift card (decision 066); migration 0041 gives every shop one. */
export const GIFT_CARD_TYPE_SLUG = 'gift-card';
