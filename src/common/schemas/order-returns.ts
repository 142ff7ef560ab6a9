import { z } from 'zod';
import { decimalAmount } from './admin-fields.ts';

// Returns (decision 027): the customer asks to send delivered units back with a reason; the owner
// approves with instructions (or declines), marks them received (restocking per line), and refunds
// them or issues store credit.

const itemId = z.number({ error: 'itemId must be a whole number' }).int('itemId must be a whole number').positive('itemId must be a whole number');
// made once per opened form: a double click or a retried request asks once
const requestId = z.string({ error: 'requestId is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8-64 letters, digits, - or _');
const OrderKey = z.string().regex(/^\d{1,12}\.[\w-]{20,100}$/, 'Invalid order link');

/** POST /api/orders/number/:orderNumber/returns: which delivered units go back, and why. */
export const ReturnRequestInput = z.object({
  /** the signed link's key, when the page was opened from one */
  key: OrderKey.optional(),
  lines: z
    .array(
      z.object({
        itemId,
        quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(1000),
      }),
    )
    .min(1, 'Choose at least one item to return')
    .max(50),
  reason: z
    .string({ error: 'Please tell us why you are returning it' })
    .trim()
    .min(1, 'Please tell us why you are returning it')
    .max(1000, 'Reason must be at most 1000 characters'),
  requestId,
});
export type ReturnRequestInput = z.input<typeof ReturnRequestInput>;

/** What a shopper sees of a return's state: "refunding" reads as received until the money has gone. */
const CUSTOMER_RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'credited'] as const;
const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'refunding', 'refunded', 'credited'] as const;

const ReturnLineView = z.object({
  itemId: z.number().int(),
  productName: z.string(),
  variantName: z.string().nullable(),
  quantity: z.number().int(),
});

export const CustomerReturn = z.object({
  id: z.number().int(),
  state: z.enum(CUSTOMER_RETURN_STATES),
  createdAt: z.string(),
  reason: z.string(),
  lines: z.array(ReturnLineView),
  /** how to send it back, once approved */
  instructions: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  refundAmount: z.string().nullable(),
  /** a gift card (decision 072; code: its last four, the full code is only in the e-mail) or, before it, a coupon */
  credit: z.object({ kind: z.enum(['gift-card', 'coupon']), code: z.string(), amount: z.string() }).nullable(),
});
export type CustomerReturn = z.infer<typeof CustomerReturn>;

/** GET /api/orders/number/:orderNumber/returns: the shop's terms, what can still go back, and the order's returns. */
export const CustomerReturnsView = z.object({
  policy: z.object({ windowDays: z.number().int(), conditions: z.string() }),
  /** open: a return can be asked for now; endsAt: the window's last moment (null before delivery or without returns) */
  window: z.object({ open: z.boolean(), endsAt: z.string().nullable() }),
  /** units of each line that can still be returned; a gift card line is never returnable (decision 081) */
  returnable: z.array(z.object({ itemId: z.number().int(), quantity: z.number().int(), giftCard: z.boolean().default(false) })),
  returns: z.array(CustomerReturn),
});
export type CustomerReturnsView = z.infer<typeof CustomerReturnsView>;

export const AdminReturn = z.object({
  id: z.number().int(),
  state: z.enum(RETURN_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
  reason: z.string(),
  lines: z.array(ReturnLineView.extend({ price: z.string(), restock: z.boolean() })),
  instructions: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** what the returned units cost: the most a refund or store credit gives, in cents */
  valueCents: z.number().int(),
  refund: z.object({ id: z.number().int(), amount: z.string(), state: z.string() }).nullable(),
  credit: z.object({ kind: z.enum(['gift-card', 'coupon']), code: z.string(), amount: z.string(), used: z.boolean() }).nullable(),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

/** GET /api/orders/:id/returns and every return step's answer: the order's returns, oldest first. */
export const AdminReturnsView = z.object({ orderId: z.number().int(), returns: z.array(AdminReturn) });
export type AdminReturnsView = z.infer<typeof AdminReturnsView>;

export const ApproveReturnInput = z.object({
  instructions: z
    .string({ error: 'Return instructions are required' })
    .trim()
    .min(1, 'Return instructions are required')
    .max(2000, 'Return instructions must be at most 2000 characters'),
});
export type ApproveReturnInput = z.infer<typeof ApproveReturnInput>;

export const RejectReturnInput = z.object({
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(1000, 'Reason must be at most 1000 characters'),
});
export type RejectReturnInput = z.infer<typeof RejectReturnInput>;

/** Which of the return's lines go back on sale; a line left out is not restocked. */
export const ReceiveReturnInput = z.object({
  lines: z.array(z.object({ itemId, restock: z.boolean({ error: 'restock must be true or false' }) })).max(50),
});
export type ReceiveReturnInput = z.infer<typeof ReceiveReturnInput>;

/** Refund or store credit: the returned units' price, or less (a fee kept) when an amount is given. */
export const SettleReturnInput = z.object({
  amount: decimalAmount('Amount')
    .refine((value) => value !== '0.00', 'Amount must be more than 0')
    .optional(),
  note: z.string({ error: 'Note must be text' }).trim().max(500, 'Note must be at most 500 characters').optional(),
});
export type SettleReturnInput = z.input<typeof SettleReturnInput>;
