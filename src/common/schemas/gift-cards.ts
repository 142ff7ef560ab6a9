import { z } from 'zod';
import { MAX_GIFT_CARD_CENTS } from '../gift-cards.ts';
import { Email } from './email.ts';
import { pageFields, searchText } from './admin-lists.ts';
import { optionalText } from './gift-card-shopper.ts';

// the shopper's schemas live in gift-card-shopper.ts (no admin code in the storefront's chunks); named here too for the server
export { GIFT_CARD_NOT_FOUND_MESSAGE, GiftCardBalance, GiftCardBalanceQuery, GiftCardRecipient, isoDay } from './gift-card-shopper.ts';

const cents = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .max(MAX_GIFT_CARD_CENTS, `${what} must be at most $10,000.00`);

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
  kind: z.enum(['issue', 'hold', 'release', 'redeem', 'refund', 'adjust', 'disable', 'enable', 'store-credit']),
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
