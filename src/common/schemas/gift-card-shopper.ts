// What a shopper's pages need of gift cards (the balance page, checkout's codes, a gift card bought in the shop):
// apart from the owner's schemas in gift-cards.ts, whose list queries bring the admin lists' schemas, so that the
// storefront's chunks (the product page, the cart, checkout) carry no admin code.
import { z } from 'zod';
import { GIFT_CARD_CODE_LENGTH, normalizeGiftCardCode } from '../gift-cards.ts';
import { Email } from './email.ts';

/** A code as typed: any case, spaces and dashes allowed; 16 characters once they are taken out. */
const GiftCardCode = z
  .string({ error: 'Enter the gift card code' })
  .max(40, 'Enter the gift card code as printed')
  .transform(normalizeGiftCardCode)
  .pipe(z.string().min(1, 'Enter the gift card code').length(GIFT_CARD_CODE_LENGTH, 'Enter the 16 characters of the gift card code'));

/** Checkout's gift cards: up to five, each once; none is the same as an empty list. */
export const GiftCardCodes = z
  .array(GiftCardCode, { error: 'Gift card codes must be a list' })
  .max(5, 'At most 5 gift cards per order')
  .optional()
  .transform((codes) => [...new Set(codes ?? [])]);

/** POST /api/gift-cards/balance: the balance page's form. */
export const GiftCardBalanceQuery = z.object({ code: GiftCardCode });

export const GiftCardBalance = z.object({
  last4: z.string(),
  balanceCents: z.number().int(),
  status: z.enum(['active', 'disabled']),
});
export type GiftCardBalance = z.infer<typeof GiftCardBalance>;

/** An unknown code and a wrong one read the same: the page tells a guesser nothing. */
export const GIFT_CARD_NOT_FOUND_MESSAGE = 'We could not find a gift card with that code. Check it and try again.';

/** An optional text field: trimmed, blank read as absent. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** "YYYY-MM-DD" of a day counted from today's UTC date. */
export function isoDay(offsetDays = 0, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays)).toISOString().slice(0, 10);
}

/** How far ahead a gift card may be scheduled. */
const GIFT_CARD_MAX_DAYS_AHEAD = 365;

/**
 * Who a gift card bought in the shop is for (decision 066), on its cart line. The day is today or later; "today"
 * allows the day before UTC's, so a shopper west of Greenwich whose date is still yesterday's can pick it.
 */
export const GiftCardRecipient = z.object({
  recipientName: z
    .string({ error: "Enter the recipient's name" })
    .trim()
    .min(1, "Enter the recipient's name")
    .max(100, "The recipient's name must be at most 100 characters"),
  recipientEmail: z.pipe(z.string({ error: "Enter the recipient's e-mail address" }).trim().max(254, 'Email must be at most 254 characters'), Email),
  message: optionalText('Message', 500),
  deliverOn: z
    .string({ error: 'Choose the day to send the gift card' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day to send the gift card')
    .refine(
      (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      'Choose the day to send the gift card',
    )
    .refine((day) => day >= isoDay(-1), 'The gift card can be sent today or on a later day')
    .refine((day) => day <= isoDay(GIFT_CARD_MAX_DAYS_AHEAD), `The gift card can be sent at most ${GIFT_CARD_MAX_DAYS_AHEAD} days ahead`),
});
export type GiftCardRecipient = z.infer<typeof GiftCardRecipient>;
