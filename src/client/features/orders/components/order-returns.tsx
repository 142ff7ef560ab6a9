import { lazy, Suspense, useState } from 'react';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import type { CustomerReturn, CustomerReturnsView } from '#common/schemas/order-returns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { formatDate } from '#client/lib/format.ts';
import { formatPrice } from '#common/money.ts';
import { useOrderReturns } from '../api/order-returns.ts';

// the form (and its dialog) loads only when the customer opens it: the order page chunk stays small
const ReturnRequestDialog = lazy(() => import('./return-request-dialog.tsx'));

const STATE_TEXT: Record<CustomerReturn['state'], string> = {
  requested: 'Requested: we will e-mail you instructions',
  approved: 'Approved: please send the items back',
  rejected: 'Declined',
  received: 'Received: your refund or store credit is on its way',
  refunded: 'Refunded',
  credited: 'Settled with store credit',
};

function ReturnEntry({ entry }: { entry: CustomerReturn }) {
  return (
    <li className="rounded-md border border-gray-200 p-3 text-sm" data-testid="customer-return">
      <p className="font-medium text-gray-900">
        Return of {formatDate(entry.createdAt)} · {STATE_TEXT[entry.state]}
      </p>
      <ul className="mt-1 text-gray-700">
        {entry.lines.map((line) => (
          <li key={line.itemId}>
            {line.quantity} × {line.productName}
            {line.variantName ? ` (${line.variantName})` : ''}
          </li>
        ))}
      </ul>
      {entry.state === 'approved' && entry.instructions ? (
        <p className="mt-2 whitespace-pre-line text-gray-700">
          <span className="font-medium text-gray-900">How to send it back: </span>
          {entry.instructions}
        </p>
      ) : null}
      {entry.rejectionReason ? <p className="mt-2 text-gray-700">Why: {entry.rejectionReason}</p> : null}
      {entry.refundAmount ? <p className="mt-2 text-gray-700">{formatPrice(entry.refundAmount)} refunded to your card.</p> : null}
      {entry.credit?.kind === 'gift-card' ? (
        <p className="mt-2 text-gray-700">
          Store credit of {formatPrice(entry.credit.amount)}: gift card <span className="font-mono font-semibold text-gray-900">••••{entry.credit.code}</span>,
          e-mailed to you with its code. Use it at checkout under Pay with a gift card.
        </p>
      ) : entry.credit ? (
        <p className="mt-2 text-gray-700">
          Store credit of {formatPrice(entry.credit.amount)}: use code <span className="font-mono font-semibold text-gray-900">{entry.credit.code}</span> at
          checkout.
        </p>
      ) : null}
    </li>
  );
}

/** Why nothing can be asked for: all of it went back, or what is left is gift cards, which are money and not returnable. */
function nothingLeftText(lines: CustomerReturnsView['returnable']): string {
  if (!lines.some((line) => line.giftCard)) return 'Everything on this order has been returned or refunded.';
  if (lines.every((line) => line.giftCard)) return 'Gift cards cannot be returned. Please contact us about them.';
  return 'Everything else on this order has been returned or refunded. Gift cards cannot be returned.';
}

function windowText(view: CustomerReturnsView): string | null {
  if (view.policy.windowDays <= 0) return null;
  // an order of gift cards alone is never shipped, so its window never opens: say why rather than wait for a delivery
  if (view.returnable.length > 0 && view.returnable.every((line) => line.giftCard)) return nothingLeftText(view.returnable);
  const days = `${view.policy.windowDays} day${view.policy.windowDays === 1 ? '' : 's'}`;
  if (!view.window.endsAt) return `Returns are open for ${days} after delivery.`;
  if (view.window.open && !view.returnable.some((line) => line.quantity > 0)) return nothingLeftText(view.returnable);
  return view.window.open
    ? `You can ask for a return until ${formatDate(view.window.endsAt)}.`
    : `The return window ended on ${formatDate(view.window.endsAt)}.`;
}

/** The order's returns and, while the window is open, the way to ask for one. Nothing shows for a shop without returns and no history. */
export function OrderReturns({ order, linkKey }: { order: CustomerOrderView; linkKey: string | null }) {
  const returns = useOrderReturns(order.orderNumber, linkKey);
  const [open, setOpen] = useState(false);
  const view = returns.data;
  if (!view || (view.policy.windowDays <= 0 && view.returns.length === 0)) return null;
  const canAsk = view.window.open && view.returnable.some((line) => line.quantity > 0);
  const terms = windowText(view);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Returns</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {terms ? <p className="text-sm text-gray-700">{terms}</p> : null}
        {view.policy.conditions ? <p className="text-sm whitespace-pre-line text-gray-600">{view.policy.conditions}</p> : null}
        {view.returns.length ? (
          <ul className="grid gap-2" aria-label="Your returns">
            {view.returns.map((entry) => (
              <ReturnEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : null}
        {canAsk ? (
          <div>
            <Button variant="outline" onClick={() => setOpen(true)}>
              Request a return
            </Button>
            {open ? (
              <Suspense fallback={null}>
                <ReturnRequestDialog order={order} returnable={view.returnable} linkKey={linkKey} onClose={() => setOpen(false)} />
              </Suspense>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
