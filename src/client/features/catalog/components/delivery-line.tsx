import { Mail, Truck } from 'lucide-react';
import { deliveryLine } from '#common/delivery-line.ts';
import { useDeliveryPromise } from '../api/get-delivery-promise.ts';

/** What the product page says of a gift card's delivery: it is e-mailed, never shipped (decision 066). */
export const GIFT_CARD_DELIVERY = 'E-mailed to the recipient on the day you choose';

const lineClasses = 'flex items-center gap-2 text-sm text-gray-700';

/** "Free shipping over $50 · order by 2 pm for dispatch today", under the price; nothing until the server has answered. */
export function DeliveryLine() {
  const { data } = useDeliveryPromise();
  if (!data) return null;
  return (
    <p className={lineClasses} data-testid="delivery-line">
      <Truck className="h-4 w-4 shrink-0 text-gray-600" aria-hidden="true" />
      {deliveryLine(data)}
    </p>
  );
}

/** A gift card's line in the same place: no parcel is sent, so the shipping settings have nothing to say of it. */
export function GiftCardDeliveryLine() {
  return (
    <p className={lineClasses} data-testid="delivery-line">
      <Mail className="h-4 w-4 shrink-0 text-gray-600" aria-hidden="true" />
      {GIFT_CARD_DELIVERY}
    </p>
  );
}
