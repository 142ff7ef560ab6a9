import { z } from 'zod';
import { decimalAmount } from './admin-fields.ts';
import { OrderView } from './orders.ts';
import { OrderFulfilmentView } from './shipments.ts';

const RefundLineInput = z.object({
  itemId: z.number({ error: 'itemId must be a whole number' }).int('itemId must be a whole number').positive('itemId must be a whole number'),
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(100_000),
  // put the units back on sale (the parcel came back unopened, or never left)
  restock: z.boolean({ error: 'restock must be true or false' }).default(false),
});
type RefundLineInput = z.infer<typeof RefundLineInput>;

const common = {
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  // made once per opened refund form: a double click or a retried request refunds once
  requestId: z.string({ error: 'requestId is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8-64 letters, digits, - or _'),
};

/**
 * POST /api/orders/:id/refunds: the whole remaining amount, chosen lines and quantities (what the
 * customer paid for those units: their price less their share of the discount plus their share of
 * the tax, src/common/refund-allocation.ts) with or without the shipping and its tax, or an amount
 * of money.
 */
export const RefundInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('full'), ...common }),
    z
      .object({
        kind: z.literal('lines'),
        lines: z.array(RefundLineInput).max(50).default([]),
        // give the shipping (and the tax charged on it) back as well, once per order
        shipping: z.boolean({ error: 'shipping must be true or false' }).default(false),
        ...common,
      })
      .refine((value) => value.lines.length > 0 || value.shipping, { message: 'Choose at least one line to refund', path: ['lines'] }),
    z.object({
      kind: z.literal('amount'),
      amount: decimalAmount('Amount').refine((value) => value !== '0.00', 'Amount must be more than 0'),
      ...common,
    }),
  ],
  { error: 'kind must be one of full, lines, amount' },
);
export type RefundInput = z.input<typeof RefundInput>;
export type RefundRequest = z.infer<typeof RefundInput>;

export const RefundView = z.object({
  id: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  lines: z.array(z.object({ itemId: z.number().int(), quantity: z.number().int(), restock: z.boolean() })),
  /** this refund gave the shipping and its tax back */
  shipping: z.boolean(),
  state: z.enum(['pending', 'succeeded']),
  /** the provider's refund id (re_...) */
  providerRefundId: z.string().nullable(),
  /** "admin:<id>" or "provider" (made in the Stripe dashboard) */
  actor: z.string(),
  createdAt: z.string(),
  /** what went back on each gift card that paid the order (decision 072); the card payment got the rest */
  giftCards: z.array(z.object({ giftCardId: z.number().int(), last4: z.string(), cents: z.number().int() })).default([]),
});
export type RefundView = z.infer<typeof RefundView>;

/** One entry of the owner's timeline: a lifecycle step, a refund, a dispute, a note or an e-mail sent. */
export const AdminTimelineEntry = z.object({
  kind: z.enum(['event', 'email']),
  /** the step or record's name: "pay", "mark_shipped", "refund_partial", "note", "dispute_opened", or the e-mail's kind */
  event: z.string(),
  at: z.string(),
  /** "system", "customer", "admin:<id>", "provider"; the recipient for an e-mail */
  actor: z.string(),
  /** an admin's user name when the actor is an admin */
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  fromPaymentStatus: z.string().nullable(),
  toPaymentStatus: z.string().nullable(),
});
export type AdminTimelineEntry = z.infer<typeof AdminTimelineEntry>;

/** GET /api/orders/:id: the admin's order page. */
export const AdminOrderDetail = z.object({
  order: OrderView,
  refunds: z.array(RefundView),
  timeline: z.array(AdminTimelineEntry),
  /** what can still be refunded, in cents */
  refundableCents: z.number().int(),
  /** the gift cards that paid the order, in the order applied: a refund goes back on them first (decision 072) */
  giftCards: z.array(z.object({ giftCardId: z.number().int(), last4: z.string(), paidCents: z.number().int(), refundedCents: z.number().int() })).default([]),
  /**
   * the gift cards the order bought, the latest unit first as a refund takes them back (decision 081): the card's
   * last four and balance once issued; the refund form hides their stock and warns of a card partly spent
   */
  boughtGiftCards: z
    .array(
      z.object({
        itemId: z.number().int(),
        state: z.string(),
        amountCents: z.number().int(),
        last4: z.string().nullable(),
        balanceCents: z.number().int().nullable(),
      }),
    )
    .default([]),
  /** the order's shipments, and whether the customer collects it (decision 050) */
  fulfilment: OrderFulfilmentView,
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const OrderNoteInput = z.object({
  note: z.string({ error: 'Note is required' }).trim().min(1, 'Note is required').max(2000, 'Note must be at most 2000 characters'),
});
export type OrderNoteInput = z.infer<typeof OrderNoteInput>;
