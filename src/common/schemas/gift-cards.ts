import { z } from 'zod';
import { GIFT_CARD_CODE_LENGTH, MAX_GIFT_CARD_CENTS, normalizeGiftCardCode } from '../gift-cards.ts';
import { Email } from './accounts.ts';
import { pageFields, searchText } from './admin-lists.ts';

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

const cents = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .max(MAX_GIFT_CARD_CENTS, `${what} must be at most $10,000.00`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** POST /api/admin/gift-cards: the owner issues a card by hand. */
export const IssueGiftCard = z.object({
  amountCents: cents('Amount').min(100, 'Amount must be at least $1.00'),
  recipientName: optionalText('Recipient name', 100),
  recipientEmail: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.pipe(z.string().max(254, 'Email must be at most 254 characters'), Email).optional(),
  ),
  message: optionalText('Message', 500),
});

/** The one time the full code is shown: to whoever issued or bought the card. */
export const IssuedGiftCard = z.object({ id: z.number().int(), code: z.string(), balanceCents: z.number().int() });

/** POST /api/admin/gift-cards/:id/adjust: plus or minus some cents, and why. */
export const AdjustGiftCard = z.object({
  amountCents: cents('Adjustment')
    .min(-MAX_GIFT_CARD_CENTS, 'Adjustment must be at least -$10,000.00')
    .refine((value) => value !== 0, 'Adjustment must not be zero'),
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(300, 'Reason must be at most 300 characters'),
});

/** POST /api/admin/gift-cards/:id/status */
export const GiftCardStatusChange = z.object({ status: z.enum(['active', 'disabled'], { error: 'Status must be active or disabled' }) });

export const GiftCardListQuery = z.object({ ...pageFields(50), q: searchText });

export const AdminGiftCard = z.object({
  id: z.number().int(),
  last4: z.string(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(['active', 'disabled']),
  source: z.enum(['admin', 'purchase', 'store-credit']),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminGiftCard = z.infer<typeof AdminGiftCard>;

const GiftCardLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['issue', 'hold', 'release', 'redeem', 'refund', 'adjust', 'disable', 'enable']),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  orderId: z.number().int().nullable(),
  /** the order's public number ("PB-7K3Q9D"), as the owner sees it on every other page */
  orderNumber: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const AdminGiftCardDetail = AdminGiftCard.extend({ message: z.string().nullable(), ledger: z.array(GiftCardLedgerEntry) });
export type AdminGiftCardDetail = z.infer<typeof AdminGiftCardDetail>;

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
