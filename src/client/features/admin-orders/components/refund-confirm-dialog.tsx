import { formatCents } from '#common/money.ts';
import type { RefundBreakdown } from '#common/refund-allocation.ts';
import { describeRefundSplit, splitRefund, type GiftCardTender } from '#common/refund-split.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

interface RefundConfirmDialogProps {
  orderNumber: string;
  /** the refund as the server will make it; the dialog is open while it is set */
  breakdown: RefundBreakdown | null;
  /** "2 × Paddle" for each line going back on the shelf */
  restocked: string[];
  reason: string;
  /** the gift cards that paid the order: their part goes back on them first (decision 072) */
  giftCards: readonly GiftCardTender[];
  /** sent gift cards this refund takes back that were partly spent: only what is left on them goes */
  spentCards?: ReadonlyArray<{ last4: string; balanceCents: number; amountCents: number }>;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

function Row({ label, cents, sign = '', strong = false }: { label: string; cents: number; sign?: '' | '−' | '+'; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-gray-200 pt-2 font-semibold text-gray-900' : 'text-gray-700'}`}>
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 tabular-nums">
        {sign}
        {formatCents(cents)}
      </dd>
    </div>
  );
}

/**
 * The owner's last look before money goes back: the amount and what it is made of (the units and
 * their goods, their share of the discount and of the tax, the shipping and its tax), priced by
 * the same rule the server charges by (src/common/refund-allocation.ts).
 */
export function RefundConfirmDialog({
  orderNumber,
  breakdown,
  restocked,
  reason,
  giftCards,
  spentCards = [],
  pending,
  error,
  onConfirm,
  onCancel,
}: RefundConfirmDialogProps) {
  const total = breakdown?.totalCents ?? 0;
  // where it goes, by the server's rule: "$12.00 to gift card ••••ABCD, $8.00 to the card"
  const split = describeRefundSplit(splitRefund(giftCards, total));
  return (
    <Dialog open={breakdown !== null} onOpenChange={(open) => (open || pending ? undefined : onCancel())}>
      <DialogContent aria-describedby="refund-confirm-description">
        <DialogHeader>
          <DialogTitle>
            Refund {formatCents(total)} on order #{orderNumber}?
          </DialogTitle>
          <DialogDescription id="refund-confirm-description">
            {split ? `The money goes back: ${split}. The customer is e-mailed.` : 'The money goes back to the customer’s card, and they are e-mailed.'} This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {breakdown ? (
          <div className="grid gap-3 text-sm" data-testid="refund-confirmation">
            {breakdown.lines.length ? (
              <ul className="grid gap-1">
                {breakdown.lines.map((line) => (
                  <li key={line.itemId} className="flex justify-between gap-4">
                    <span className="min-w-0 break-words text-gray-900">
                      {line.quantity} × {line.name}
                    </span>
                    <span className="shrink-0 tabular-nums text-gray-700">{formatCents(line.totalCents)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="grid gap-1 rounded-md bg-gray-50 p-3">
              {breakdown.kind === 'amount' ? (
                <Row label="An amount, not tied to any item" cents={breakdown.amountCents} />
              ) : (
                <>
                  {breakdown.lines.length ? <Row label="Goods" cents={breakdown.goodsCents} /> : null}
                  {breakdown.discountCents ? <Row label="Their share of the discount" cents={breakdown.discountCents} sign="−" /> : null}
                  {breakdown.lines.length ? <Row label="Their share of the tax" cents={breakdown.taxCents} sign="+" /> : null}
                  {breakdown.shippingCents || breakdown.shippingTaxCents ? <Row label="Shipping" cents={breakdown.shippingCents} sign="+" /> : null}
                  {breakdown.shippingTaxCents ? <Row label="Tax on shipping" cents={breakdown.shippingTaxCents} sign="+" /> : null}
                  {breakdown.adjustmentCents < 0 ? <Row label="Already refunded as an amount" cents={-breakdown.adjustmentCents} sign="−" /> : null}
                  {breakdown.adjustmentCents > 0 ? <Row label="The rest of the order’s total" cents={breakdown.adjustmentCents} sign="+" /> : null}
                </>
              )}
              <Row label="Refund" cents={total} strong />
            </dl>
            {restocked.length ? <p className="text-gray-700">Back in stock: {restocked.join(', ')}</p> : null}
            {spentCards.length ? (
              <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="spent-gift-cards">
                <p className="font-medium">A gift card this refund takes back has been partly spent:</p>
                <ul className="mt-1 grid gap-0.5">
                  {spentCards.map((card) => (
                    <li key={card.last4}>
                      Gift card ••••{card.last4}: {formatCents(card.balanceCents)} of its {formatCents(card.amountCents)} is left, and only that is taken back.
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="break-words text-gray-700">Reason told to the customer: “{reason.trim()}”</p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Go back
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Refunding…' : `Confirm refund of ${formatCents(total)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
