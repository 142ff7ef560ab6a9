import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail, AdminTimelineEntry } from '#common/schemas/order-refunds.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useAddOrderNote } from '../api/add-order-note.ts';

const EVENT_LABELS: Record<string, string> = {
  pay: 'Payment received',
  decline: 'Payment declined',
  expire: 'Payment expired',
  cancel_unpaid: 'Cancelled before payment',
  refund_late_payment: 'Late payment refunded automatically',
  cancel_paid: 'Cancelled and refunded',
  mark_pending: 'Put on hold',
  mark_processing: 'Marked processing',
  mark_shipped: 'Marked shipped',
  mark_delivered: 'Marked delivered',
  tracking_updated: 'Tracking changed',
  shipment: 'Shipment sent',
  shipment_delivered: 'Shipment delivered',
  refund_partial: 'Partly refunded',
  refund_full: 'Refunded in full',
  note: 'Note',
  dispute_opened: 'Dispute opened',
  dispute_updated: 'Dispute updated',
  dispute_closed: 'Dispute closed',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return declined',
  return_received: 'Return received',
  return_refunded: 'Return refunded',
  return_credited: 'Return settled with store credit',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function title(entry: AdminTimelineEntry): string {
  if (entry.kind === 'email') return `E-mail sent (${entry.event})`;
  return EVENT_LABELS[entry.event] ?? entry.event;
}

function who(entry: AdminTimelineEntry): string {
  if (entry.kind === 'email') return `to ${entry.actor}`;
  if (entry.actorName) return `by ${entry.actorName}`;
  if (entry.actor === 'provider') return 'by the payment provider';
  return `by ${entry.actor.replace(/^admin:/, 'admin #')}`;
}

/** Everything that happened to the order, oldest first, with the owner's private notes and a form to add one. */
export function AdminOrderTimeline({ detail }: { detail: AdminOrderDetail }) {
  const add = useAddOrderNote();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await add.mutateAsync({ id: detail.order.id, note });
      setNote('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The note was not saved');
    }
  }

  return (
    <div className="grid gap-4">
      <ol className="relative ml-2 border-l border-gray-200" data-testid="admin-timeline">
        {detail.timeline.map((entry, index) => (
          <li key={`${entry.kind}-${entry.event}-${index}`} className="mb-4 ml-4 last:mb-0">
            <span
              className={`absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border border-white ${entry.event === 'note' ? 'bg-amber-500' : entry.kind === 'email' ? 'bg-gray-400' : 'bg-primary'}`}
              aria-hidden="true"
            />
            <p className="text-sm font-medium text-gray-900">
              {title(entry)}
              {entry.event === 'note' ? <span className="ml-2 text-xs font-normal text-amber-800">(private)</span> : null}
            </p>
            {entry.note ? <p className="text-sm wrap-anywhere whitespace-pre-line text-gray-700">{entry.note}</p> : null}
            <p className="text-xs text-gray-600">
              <time dateTime={entry.at}>{when(entry.at)}</time> · {who(entry)}
            </p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="grid gap-2" aria-label="Add a note">
        <Label htmlFor="order-note">Private note</Label>
        <Textarea id="order-note" rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
        <p className="text-xs text-gray-600">Only the shop sees notes; the customer never does.</p>
        {error ? (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="outline" disabled={add.isPending || note.trim() === ''}>
            {add.isPending ? 'Saving…' : 'Add note'}
          </Button>
        </div>
      </form>
    </div>
  );
}
