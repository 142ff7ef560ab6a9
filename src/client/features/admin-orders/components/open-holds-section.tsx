import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ChevronRight } from 'lucide-react';
import { formatCents } from '#common/money.ts';
import type { OpenHold } from '#common/schemas/open-holds.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { openHoldsQueryOptions } from '../api/get-open-holds.ts';
import { useReleaseOpenHold } from '../api/release-open-hold.ts';

const items = (units: number) => `${units} item${units === 1 ? '' : 's'}`;

function expiry(expiresAt: string | null): string {
  if (!expiresAt) return 'No expiry';
  const minutes = Math.round((new Date(expiresAt).getTime() - Date.now()) / 60_000);
  const at = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return minutes <= 0 ? `Expired at ${at}, closing soon` : `Expires at ${at} (in ${minutes} min)`;
}

function HoldRow({ hold, onRelease }: { hold: OpenHold; onRelease: (hold: OpenHold) => void }) {
  return (
    <li className="grid grid-cols-1 gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-start" data-testid={`open-hold-${hold.orderId}`}>
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link href={`/admin/orders/${hold.orderId}`} className="font-semibold text-gray-900 underline-offset-4 hover:underline">
            Order #{hold.orderNumber}
          </Link>
          <span className="text-gray-700">
            {items(hold.units)} · {formatCents(hold.total)} · {hold.customerName}
          </span>
        </p>
        <p className="break-words text-gray-600">
          From {hold.clientAddress ?? 'an unknown address'}
          {hold.clientNetwork ? ` · network ${hold.clientNetwork} holds ${items(hold.networkUnits)}` : ''}
        </p>
        <p className="text-gray-600">{expiry(hold.expiresAt)}</p>
        <ul className="text-gray-700" aria-label={`Cart of order #${hold.orderNumber}`}>
          {hold.lines.map((line, index) => (
            <li key={index}>
              {line.quantity} × {line.productName}
              {line.variantName ? ` (${line.variantName})` : ''}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="outline" size="sm" onClick={() => onRelease(hold)}>
        Release<span className="sr-only"> order #{hold.orderNumber}</span>
      </Button>
    </li>
  );
}

/**
 * Orders tab: unpaid checkouts holding stock (what the checkout quotas count), newest first, each
 * with a release that closes the order and puts its units back on sale (decision 014).
 */
export function OpenHoldsSection() {
  const query = useQuery(openHoldsQueryOptions());
  const release = useReleaseOpenHold();
  const [asked, setAsked] = useState<OpenHold | null>(null);
  const data = query.data;
  const summary = data ? `${data.total} unpaid checkout${data.total === 1 ? '' : 's'} holding ${items(data.units)}` : 'Loading…';

  return (
    <details className="group rounded-lg border border-gray-200 bg-white shadow-sm" data-testid="open-holds">
      <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 p-4 sm:px-6">
        <ChevronRight className="h-4 w-4 shrink-0 self-center text-gray-500 transition-transform group-open:rotate-90" aria-hidden="true" />
        <h3 className="text-lg font-semibold text-gray-900">Open holds</h3>
        <span className="text-sm text-gray-600">{summary}</span>
      </summary>
      <div className="border-t border-gray-100 px-4 pb-2 sm:px-6">
        <p className="pt-3 text-sm text-gray-600">
          Stock held by checkouts waiting for payment, until they are paid or expire. Releasing one closes the order, cancels its card payment and puts its
          items back on sale.
        </p>
        {query.isError ? (
          <p role="alert" className="my-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {query.error.message}
          </p>
        ) : data && data.holds.length === 0 ? (
          <p className="py-4 text-sm text-gray-600">No checkout is holding stock.</p>
        ) : data ? (
          <ul className="divide-y divide-gray-100">
            {data.holds.map((hold) => (
              <HoldRow key={hold.orderId} hold={hold} onRelease={setAsked} />
            ))}
          </ul>
        ) : null}
        {data && data.total > data.holds.length ? <p className="pb-3 text-sm text-gray-600">The newest {data.holds.length} are shown.</p> : null}
      </div>
      <Dialog open={asked !== null} onOpenChange={(open) => (open ? undefined : setAsked(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Release the hold of order #{asked?.orderNumber}?</DialogTitle>
            <DialogDescription>
              The unpaid order is closed and its card payment cancelled; its {items(asked?.units ?? 0)} go back on sale. The customer can check out again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={release.isPending}
              onClick={() => asked && release.mutate(asked.orderId, { onSettled: () => setAsked(null) })}
            >
              {release.isPending ? 'Releasing…' : 'Release'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </details>
  );
}
