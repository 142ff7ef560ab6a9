import { useState, type FormEvent } from 'react';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import type { CustomerReturnsView } from '#common/schemas/order-returns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useRequestReturn } from '../api/order-returns.ts';

// one id per opened form: a double click or a retry after a network error asks once
const newRequestId = () => crypto.randomUUID().replaceAll('-', '');

interface Props {
  order: CustomerOrderView;
  returnable: CustomerReturnsView['returnable'];
  linkKey: string | null;
  onClose: () => void;
}

/** Which delivered units go back and why; the server checks the window and the units again. */
export default function ReturnRequestDialog({ order, returnable, linkKey, onClose }: Props) {
  const request = useRequestReturn(order.orderNumber, linkKey);
  const [requestId] = useState(newRequestId);
  const lines = order.items.flatMap((item) => {
    const left = returnable.find((line) => line.itemId === item.id)?.quantity ?? 0;
    return left > 0 ? [{ item, left }] : [];
  });
  // a line with one unit left has only one answer worth choosing: it starts at 1, not 0
  const [units, setUnits] = useState<Record<number, number>>(() => Object.fromEntries(lines.filter(({ left }) => left === 1).map(({ item }) => [item.id, 1])));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const chosen = Object.entries(units)
      .filter(([, quantity]) => quantity > 0)
      .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }));
    if (chosen.length === 0) return setError('Choose at least one item to return.');
    if (!reason.trim()) return setError('Please tell us why you are returning it.');
    request.mutate({ lines: chosen, reason, requestId }, { onSuccess: onClose, onError: (failure: Error) => setError(failure.message) });
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Return items from order #{order.orderNumber}</DialogTitle>
            <DialogDescription>Choose how many of each item you are sending back and tell us why.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            {lines.map(({ item, left }) => (
              <div key={item.id} className="grid grid-cols-[minmax(0,1fr)_5.5rem] items-center gap-3">
                <Label htmlFor={`return-units-${item.id}`} className="min-w-0 break-words">
                  {item.productName}
                  {item.variantName ? ` (${item.variantName})` : ''}
                </Label>
                <Select
                  id={`return-units-${item.id}`}
                  value={units[item.id] ?? 0}
                  onChange={(event) => {
                    setError(null);
                    setUnits((current) => ({ ...current, [item.id]: Number(event.target.value) }));
                  }}
                >
                  {Array.from({ length: left + 1 }, (_, count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </Select>
              </div>
            ))}
            {returnable.some((line) => line.giftCard) ? <p className="text-sm text-gray-600">Gift cards cannot be returned, so they are not listed.</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="return-reason">Reason</Label>
            <Textarea
              id="return-reason"
              value={reason}
              maxLength={1000}
              rows={3}
              onChange={(event) => {
                setError(null);
                setReason(event.target.value);
              }}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Request return'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
