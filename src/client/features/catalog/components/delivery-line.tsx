import { Mail, Truck } from 'lucide-react';
import { deliveryLine } from '#common/delivery-promise.ts';
import { useDeliveryPromise } from '../api/get-delivery-promise.ts';

/** What the product page says of a gift card's delivery: it is e-mailed, never shipped (decision 066). */
export const GIFT_CARD_DELIVERY = 'E-mailed to the recipient on the day you choose';

const lineClasses = 'flex items-center gap-2 text-sm text-gray-700';

/**
 * Under the price: "Free shipping over $50 · order by 2 pm for dispatch today" from the shipping settings, nothing
 * until the server has answered; a gift card's own line instead, as no parcel is sent.
 */
export function DeliveryLine({ giftCard = false }: { giftCard?: boolean }) {
  const { data } = useDeliveryPromise();
  if (giftCard) {
    return (
      <p className={lineClasses} data-testid="delivery-line">
        <Mail className="h-4 w-4 shrink-0 text-gray-600" aria-hidden="true" />
        {GIFT_CARD_DELIVERY}
      </p>
    );
  }
  if (!data) return null;
  return (
    <p className={lineClasses} data-testid="delivery-line">
      <Truck className="h-4 w-4 shrink-0 text-gray-600" aria-hidden="true" />
      {deliveryLine(data)}
    </p>
  );
}
