import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus, type OrderView } from '#common/schemas/orders.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useSetOrderArchived } from '../api/set-order-archived.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { trackingPayload, useUpdateOrderTracking } from '../api/update-order-tracking.ts';
import { OrderDetails } from './order-details.tsx';
import { TrackingForm } from './tracking-form.tsx';

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function TrackingInfo({ order }: { order: OrderView }) {
  if (!order.trackingNumber) return null;
  return (
    <p className="text-sm text-gray-700">
      Tracking: <span className="font-mono">{order.trackingNumber}</span>
      {order.trackingUrl ? (
        <>
          {' '}
          (
          <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="text-primary underline">
            track package
          </a>
          )
        </>
      ) : null}
    </p>
  );
}

/**
 * One order with its status selector, tracking entry and archive action (spec/admin.md §2, §4).
 * Active list: choosing "shipped" opens the tracking form and nothing is sent until Save.
 * Archived list: status changes go at once; the form shows for a shipped order without tracking.
 */
export function OrderCard({ order, archived }: { order: OrderView; archived: boolean }) {
  const status = useUpdateOrderStatus();
  const tracking = useUpdateOrderTracking();
  const archive = useSetOrderArchived();
  const [shipping, setShipping] = useState(false);
  const [editingTracking, setEditingTracking] = useState(false);
  const selectId = `order-status-${order.id}`;

  function chooseStatus(next: OrderStatus) {
    if (next === order.status) {
      setShipping(false);
      return;
    }
    if (next === 'shipped' && !archived) {
      setShipping(true);
      return;
    }
    setShipping(false);
    status.mutate({ id: order.id, status: next });
  }

  async function saveShipped(trackingNumber: string, trackingUrl: string) {
    try {
      // tracking first, so the status change finds it and the customer's e-mail carries it
      await tracking.mutateAsync({ id: order.id, tracking: trackingPayload(trackingNumber, trackingUrl) });
      if (order.status !== 'shipped') await status.mutateAsync({ id: order.id, status: 'shipped' });
      setShipping(false);
      setEditingTracking(false);
      toast({ title: 'Tracking information updated successfully', description: `Order #${order.id} is shipped.` });
    } catch {
      // the failing hook has shown its toast
    }
  }

  async function saveTrackingOnly(trackingNumber: string, trackingUrl: string) {
    try {
      await tracking.mutateAsync({ id: order.id, tracking: trackingPayload(trackingNumber, trackingUrl) });
      setEditingTracking(false);
      toast({ title: 'Tracking information updated successfully', description: `Order #${order.id}` });
    } catch {
      // the hook has shown "Failed to update tracking information"
    }
  }

  const showArchivedForm = archived && order.status === 'shipped' && !order.trackingNumber;
  const selected = shipping ? 'shipped' : order.status;

  return (
    <Card data-testid={`order-card-${order.id}`}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 border-b border-gray-100 pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold text-gray-900">Order #{order.id}</h3>
          <Badge variant={order.paymentStatus === 'paid' || order.paymentStatus === 'succeeded' ? 'success' : 'secondary'}>Payment: {order.paymentStatus}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={selectId} className="sr-only">
            Status of order {order.id}
          </Label>
          <Select id={selectId} className="w-40" value={selected} disabled={status.isPending} onChange={(event) => chooseStatus(event.target.value as OrderStatus)}>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </Select>
          {archived ? (
            <Button size="sm" variant="outline" disabled={archive.isPending} onClick={() => archive.mutate({ id: order.id, isArchived: false })}>
              Move to Active Orders
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={archive.isPending} onClick={() => archive.mutate({ id: order.id, isArchived: true })}>
              Archive
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 pt-4 sm:pt-4">
        <OrderDetails order={order} />
        <div className="grid grid-cols-1 gap-2">
          <TrackingInfo order={order} />
          {shipping ? (
            <TrackingForm
              orderId={order.id}
              initialNumber={order.trackingNumber}
              initialUrl={order.trackingUrl}
              pending={tracking.isPending || status.isPending}
              onSave={saveShipped}
              onMissingNumber={() => toast({ title: 'Tracking number required', description: 'Please enter a tracking number', variant: 'destructive' })}
              onCancel={() => setShipping(false)}
            />
          ) : showArchivedForm ? (
            <TrackingForm
              orderId={order.id}
              pending={tracking.isPending}
              onSave={saveTrackingOnly}
              onMissingNumber={() => toast({ title: 'Tracking number is required', variant: 'destructive' })}
            />
          ) : !archived && editingTracking ? (
            <TrackingForm
              orderId={order.id}
              initialNumber={order.trackingNumber}
              initialUrl={order.trackingUrl}
              pending={tracking.isPending}
              onSave={saveTrackingOnly}
              onMissingNumber={() => toast({ title: 'Tracking number required', description: 'Please enter a tracking number', variant: 'destructive' })}
              onCancel={() => setEditingTracking(false)}
            />
          ) : !archived ? (
            <div>
              <Button size="sm" variant="ghost" className="px-2" onClick={() => setEditingTracking(true)}>
                {order.trackingNumber ? 'Edit tracking' : 'Add tracking'}
              </Button>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
