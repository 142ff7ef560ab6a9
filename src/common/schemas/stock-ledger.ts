import { z } from 'zod';

/**
 * Why a variant's stock moved. `opening` is the level a variant had when the ledger began (its
 * migration); every later change names what made it, so the ledger's sum is always the level.
 */
const stockLedgerReasons = [
  'opening',
  'sale',
  'expiry',
  'decline',
  'cancel',
  'refund_restock',
  'return_receive',
  'admin_edit',
  'variant_edit',
  'csv_import',
  'seed',
] as const;
export const StockLedgerReason = z.enum(stockLedgerReasons);
export type StockLedgerReason = z.infer<typeof StockLedgerReason>;

/** What the owner reads in a variant's history. */
export const stockLedgerReasonLabels: Record<StockLedgerReason, string> = {
  opening: 'Opening stock',
  sale: 'Sale (reserved at checkout)',
  expiry: 'Unpaid order expired',
  decline: 'Payment declined',
  cancel: 'Order cancelled',
  refund_restock: 'Refund restocked',
  return_receive: 'Return received',
  admin_edit: 'Stock edited (product form)',
  variant_edit: 'Stock edited (product editor)',
  csv_import: 'CSV import',
  seed: 'Demo catalogue',
};

export const StockLedgerEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO timestamp'),
  reason: StockLedgerReason,
  change: z.number().int(),
  level: z.number().int(),
  /** the order that moved it (sales, give-backs, refunds, returns) */
  order: z.object({ id: z.number().int(), orderNumber: z.string() }).nullable(),
  /** the admin who moved it (edits and imports) */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type StockLedgerEntry = z.infer<typeof StockLedgerEntry>;

export const StockHistory = z.object({
  variantId: z.number().int(),
  stock: z.number().int(),
  entries: z.array(StockLedgerEntry),
});
export type StockHistory = z.infer<typeof StockHistory>;

/** `?limit=`: the newest entries first, at most 200 at a time. */
export const StockHistoryQuery = z.object({
  limit: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value),
      z
        .number({ error: 'Limit must be a whole number from 1 to 200' })
        .int()
        .min(1, 'Limit must be a whole number from 1 to 200')
        .max(200, 'Limit must be a whole number from 1 to 200'),
    )
    .optional(),
});
