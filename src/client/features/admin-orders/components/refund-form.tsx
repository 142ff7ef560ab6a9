import { useState, type FormEvent } from 'react';
import { amountIntoGiftCardsMessage, amountRefundLimitCents, giftCardUnitsLeftCents } from '#common/gift-card-refunds.ts';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import { refundableOrder, refundBreakdown, type RefundBreakdown, type RefundSelection } from '#common/refund-allocation.ts';
import type { AdminOrderDetail, RefundInput } from '#common/schemas/order-refunds.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { RefundConfirmDialog } from './refund-confirm-dialog.tsx';

type Kind = RefundInput['kind'];

// one id per opened form: a double click or a retry after a network error refunds once
const newRequestId = () => crypto.randomUUID().replaceAll('-', '');

interface LineChoice {
  quantity: number;
  restock: boolean;
}

/**
 * Refund the whole remainder, chosen units (what the customer paid for them: price less their
 * discount share plus their tax share, optionally restocked) with or without the shipping, or an
 * amount, with a reason. Nothing happens on the first click: a confirmation shows the amount and
 * what it is made of, priced by the rule the server charges by, and the refund is made from there.
 */
export function RefundForm({ detail }: { detail: AdminOrderDetail }) {
  const { order, refundableCents } = detail;
  const refund = useRefundOrder();
  const [kind, setKind] = useState<Kind>('lines');
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [shipping, setShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundBreakdown | null>(null);

  if (refundableCents <= 0) return <p className="text-sm text-gray-600">Nothing is left to refund on this order.</p>;

  const shippingRefunded = detail.refunds.some((row) => row.shipping);
  const shippingCents = toCents(order.shippingTotal) + toCents(order.shippingTax);
  const canRefundShipping = !shippingRefunded && shippingCents > 0;
  const chosenLines = Object.entries(choices)
    .filter(([, choice]) => choice.quantity > 0)
    .map(([itemId, choice]) => ({ itemId: Number(itemId), quantity: choice.quantity, restock: choice.restock }));
  const amountCents = toCents(amount);
  const selection: RefundSelection =
    kind === 'full'
      ? { kind }
      : kind === 'amount'
        ? { kind, amountCents: Number.isNaN(amountCents) ? 0 : amountCents }
        : { kind, lines: chosenLines, shipping: shipping && canRefundShipping };
  const breakdown = refundBreakdown(refundableOrder(order, shippingRefunded), selection);
  const previewCents = breakdown.totalCents;
  const choose = (id: number, change: Partial<LineChoice>) =>
    setChoices((current) => ({ ...current, [id]: { quantity: 0, restock: false, ...current[id], ...change } }));
  // the gift cards the order bought have no stock, and go back only with their lines (decision 081)
  const giftItems = new Set(detail.boughtGiftCards.map((card) => card.itemId));
  const giftCardsLeftCents = giftCardUnitsLeftCents(order.items, giftItems);
  const amountLimitCents = amountRefundLimitCents(order, giftItems);
  const spentCards = partlySpentCards(detail, kind === 'full' ? unitsLeftOf(order.items) : kind === 'lines' ? chosenLines : []);
  const restocked = (kind === 'lines' ? chosenLines : [])
    .filter((line) => line.restock)
    .map((line) => `${line.quantity} × ${order.items.find((item) => item.id === line.itemId)?.productName ?? 'item'}`);

  // the first click only asks: the confirmation shows what the refund gives back
  function review(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (selection.kind === 'lines' && chosenLines.length === 0 && !selection.shipping) return setError('Choose at least one item (or the shipping) to refund.');
    if (kind === 'amount' && (Number.isNaN(amountCents) || amountCents <= 0)) return setError('Enter the amount to refund, for example 12.50.');
    if (kind === 'amount' && giftCardsLeftCents > 0 && amountCents > amountLimitCents)
      return setError(amountIntoGiftCardsMessage(amountLimitCents, giftCardsLeftCents));
    if (!reason.trim()) return setError('Give a reason: the customer is told it.');
    setConfirming(breakdown);
  }

  async function submit() {
    setError(null);
    const base = { reason, requestId };
    const body: RefundInput =
      kind === 'full'
        ? { kind, ...base }
        : kind === 'amount'
          ? { kind, amount, ...base }
          : { kind, lines: chosenLines, shipping: selection.kind === 'lines' && selection.shipping, ...base };
    try {
      const after = await refund.mutateAsync({ id: order.id, refund: body });
      const made = after.refunds.reduce<(typeof after.refunds)[number] | null>((last, row) => (last && last.id > row.id ? last : row), null);
      toast({ title: 'Refund made', description: `${formatPrice(made?.amount ?? '0')} refunded on order #${order.orderNumber}.` });
      setConfirming(null);
      setChoices({});
      setShipping(false);
      setAmount('');
      setReason('');
      setRequestId(newRequestId());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The refund failed');
    }
  }

  return (
    <>
      <form onSubmit={review} className="grid gap-4" aria-label="Refund">
        <p className="text-sm text-gray-700">
          Left to refund: <span className="font-semibold tabular-nums">{formatCents(refundableCents)}</span>
        </p>
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor="refund-kind">Refund</Label>
          <Select id="refund-kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            <option value="lines">Chosen items</option>
            <option value="amount">An amount</option>
            <option value="full">Everything left</option>
          </Select>
        </div>
        {kind === 'lines' ? (
          <fieldset className="grid gap-3">
            <legend className="sr-only">Items to refund</legend>
            {order.items.map((item) => {
              const left = item.quantity - item.refundedQuantity;
              const choice = choices[item.id];
              return (
                <div key={item.id} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-md border border-gray-200 p-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-gray-900">{item.productName}</p>
                    <p className="text-xs text-gray-600">
                      {item.variantName ? `${item.variantName} · ` : ''}
                      {formatPrice(item.price)} each · {item.quantity} sold{item.refundedQuantity ? `, ${item.refundedQuantity} refunded` : ''}
                    </p>
                  </div>
                  {left === 0 ? (
                    <span className="text-xs font-medium text-gray-600">All refunded</span>
                  ) : (
                    <div className="flex items-center gap-2">
                      <Label htmlFor={`refund-qty-${item.id}`} className="sr-only">
                        Units of {item.productName} to refund
                      </Label>
                      <Input
                        id={`refund-qty-${item.id}`}
                        type="number"
                        min={0}
                        max={left}
                        inputMode="numeric"
                        value={choice?.quantity ?? 0}
                        onChange={(event) => choose(item.id, { quantity: Math.max(0, Math.min(left, Math.trunc(Number(event.target.value) || 0))) })}
                        className="h-11 w-20 md:h-10"
                      />
                      <span className="text-xs text-gray-600">of {left}</span>
                    </div>
                  )}
                  {giftItems.has(item.id) ? (
                    left === 0 ? null : (
                      <p className="col-span-2 text-xs text-gray-600">A gift card: refunding it takes the card back.</p>
                    )
                  ) : (
                    <div className={left === 0 ? 'hidden' : 'col-span-2 flex items-center gap-2'}>
                      <Checkbox
                        id={`refund-restock-${item.id}`}
                        disabled={left === 0}
                        checked={choice?.restock ?? false}
                        onCheckedChange={(checked) => choose(item.id, { restock: checked === true })}
                      />
                      <Label htmlFor={`refund-restock-${item.id}`} className="font-normal">
                        Put back in stock
                      </Label>
                    </div>
                  )}
                </div>
              );
            })}
            {canRefundShipping ? (
              <div className="flex items-center gap-2 rounded-md border border-gray-200 p-3 text-sm">
                <Checkbox id="refund-shipping" checked={shipping} onCheckedChange={(checked) => setShipping(checked === true)} />
                <Label htmlFor="refund-shipping" className="font-normal">
                  Refund the shipping ({formatCents(shippingCents)}
                  {toCents(order.shippingTax) > 0 ? ' with its tax' : ''})
                </Label>
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {kind === 'amount' ? (
          <div className="grid gap-1.5 sm:w-48">
            <Label htmlFor="refund-amount">Amount ($)</Label>
            <Input
              id="refund-amount"
              inputMode="decimal"
              placeholder="0.00"
              value={amount}
              aria-describedby={giftCardsLeftCents > 0 ? 'refund-amount-limit' : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
            {giftCardsLeftCents > 0 ? (
              <p id="refund-amount-limit" className="text-xs text-gray-600">
                At most {formatCents(amountLimitCents)}: gift cards this order bought are refunded by choosing their lines.
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="refund-reason">Reason (told to the customer)</Label>
          <Input id="refund-reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        {error && !confirming ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            {previewCents > 0 ? `Refund ${formatCents(previewCents)}…` : 'Refund…'}
          </Button>
        </div>
      </form>
      <RefundConfirmDialog
        orderNumber={order.orderNumber}
        breakdown={confirming}
        giftCards={detail.giftCards}
        spentCards={spentCards}
        restocked={restocked}
        reason={reason}
        pending={refund.isPending}
        error={confirming ? error : null}
        onConfirm={() => void submit()}
        onCancel={() => {
          setConfirming(null);
          setError(null);
        }}
      />
    </>
  );
}

/** Every unit not refunded yet, as "Everything left" refunds them. */
const unitsLeftOf = (items: AdminOrderDetail['order']['items']) => items.map((item) => ({ itemId: item.id, quantity: item.quantity - item.refundedQuantity }));

/**
 * The sent gift cards this refund takes back that their holder has partly spent: the line's cards are taken
 * back latest first (as the server lists them), and only what is left on each goes.
 */
function partlySpentCards(detail: AdminOrderDetail, lines: ReadonlyArray<{ itemId: number; quantity: number }>) {
  return lines.flatMap((line) =>
    detail.boughtGiftCards
      .filter((card) => card.itemId === line.itemId && card.state !== 'cancelled')
      .slice(0, line.quantity)
      .flatMap((card) =>
        card.state === 'sent' && card.last4 !== null && card.balanceCents !== null && card.balanceCents < card.amountCents
          ? [{ last4: card.last4, balanceCents: card.balanceCents, amountCents: card.amountCents }]
          : [],
      ),
  );
}
