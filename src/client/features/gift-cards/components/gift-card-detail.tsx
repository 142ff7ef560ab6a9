import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatCents, toCents } from '#common/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useAdjustGiftCard, useGiftCard, useSetGiftCardStatus } from '../api/gift-cards-admin.ts';

const LEDGER_KINDS: Record<string, string> = {
  issue: 'Issued',
  hold: 'Held for an order',
  release: 'Given back (order not paid)',
  redeem: 'Paid an order',
  refund: 'Refunded',
  adjust: 'Adjusted',
  disable: 'Disabled',
  enable: 'Enabled',
  'store-credit': 'Issued as store credit',
};

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : cents < 0 ? formatCents(cents) : '—');

function AdjustForm({ id }: { id: number }) {
  const adjust = useAdjustGiftCard(id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountCents = toCents(amount.replace(/[$,\s]/g, ''));
    if (!Number.isInteger(amountCents) || amountCents === 0) {
      setProblem('Enter the dollars to add, or take with a minus sign (-5.00)');
      return;
    }
    setProblem(null);
    adjust.mutate(
      { amountCents, reason },
      {
        onSuccess: (card) => {
          setAmount('');
          setReason('');
          toast({ title: 'Balance adjusted', description: `The card now holds ${formatCents(card.balanceCents)}.` });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Adjust the balance" className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start">
      <FormField label="Adjust by ($)" hint="-5.00 takes" error={problem ?? undefined}>
        <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="10.00" />
      </FormField>
      <FormField label="Reason" error={adjust.error?.message}>
        <Input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} />
      </FormField>
      <Button type="submit" variant="outline" disabled={adjust.isPending} className="sm:mt-6">
        {adjust.isPending ? 'Adjusting...' : 'Adjust'}
      </Button>
    </form>
  );
}

/** One card: its balance, the owner's adjust and disable, and every change in its ledger. */
export function GiftCardDetail({ id }: { id: number }) {
  const card = useGiftCard(id);
  const setStatus = useSetGiftCardStatus(id);
  if (card.isLoading) return <Spinner label="Loading the gift card" />;
  if (card.isError) {
    return (
      <p role="alert" className="text-red-700">
        {card.error.message}
      </p>
    );
  }
  const data = card.data;
  if (!data) return null;
  const next = data.status === 'active' ? 'disabled' : 'active';
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-gray-900">
          Balance <span className="text-lg font-bold tabular-nums">{formatCents(data.balanceCents)}</span> of {formatCents(data.initialCents)}
          {data.message ? <span className="block text-sm text-gray-700">Note: {data.message}</span> : null}
        </p>
        <Button
          type="button"
          variant={next === 'disabled' ? 'destructive' : 'outline'}
          disabled={setStatus.isPending}
          onClick={() =>
            setStatus.mutate(next, {
              onError: (error) => toast({ title: 'The card was not changed', description: error.message, variant: 'destructive' }),
            })
          }
        >
          {next === 'disabled' ? 'Disable card' : 'Enable card'}
        </Button>
      </div>
      <AdjustForm id={id} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={`Ledger of the card ending in ${data.last4}`}>
          <thead className="text-gray-700">
            <tr>
              <th className="py-1 pr-3 font-semibold">When</th>
              <th className="py-1 pr-3 font-semibold">What</th>
              <th className="py-1 pr-3 text-right font-semibold">Amount</th>
              <th className="py-1 pr-3 text-right font-semibold">Balance after</th>
              <th className="py-1 font-semibold">Order / reason</th>
            </tr>
          </thead>
          <tbody>
            {data.ledger.map((entry) => (
              <tr key={entry.id} className="border-t border-gray-100">
                <td className="py-1 pr-3 whitespace-nowrap">
                  {new Date(entry.createdAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
                </td>
                <td className="py-1 pr-3">{LEDGER_KINDS[entry.kind] ?? entry.kind}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{signed(entry.amountCents)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCents(entry.balanceCents)}</td>
                <td className="py-1">
                  {entry.orderId && entry.orderNumber ? (
                    <Link href={`/admin/orders/${entry.orderId}`} className="text-link underline-offset-4 hover:underline">
                      Order #{entry.orderNumber}
                    </Link>
                  ) : null}
                  {entry.orderNumber && entry.reason ? ' · ' : null}
                  {entry.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
