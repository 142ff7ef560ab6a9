import { Truck } from 'lucide-react';
import { deliveryLine } from '#common/delivery-promise.ts';
import { useDeliveryPromise } from '../api/get-delivery-promise.ts';

/** "Free shipping over $50 · order by 2 pm for dispatch today", under the price; nothing until the server has answered. */
export function DeliveryLine() {
  const { data } = useDeliveryPromise();
  if (!data) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-gray-700" data-testid="delivery-line">
      <Truck className="h-4 w-4 shrink-0 text-gray-600" aria-hidden="true" />
      {deliveryLine(data)}
    </p>
  );
}
