import { formatCents } from '#common/money.ts';
import type { GiftCardTender } from '../gift-card-tender.ts';

/** Under the order's total: each gift card's part and what the card payment takes. */
export function GiftCardLines({ tender }: { tender: GiftCardTender }) {
  if (tender.cards.length === 0) return null;
  return (
    <dl aria-label="Gift card payment" className="border-t border-gray-100 pt-2">
      {tender.cards.map((card, index) => (
        <div key={`${index}-${card.last4}`} className="flex justify-between gap-4 py-1.5 text-sm">
          <dt className="text-gray-700">Gift card (…{card.last4})</dt>
          <dd className="font-medium text-green-800 tabular-nums">-{formatCents(card.cents)}</dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 pt-1.5">
        <dt className="font-semibold text-gray-900">Left to pay by card</dt>
        <dd className="text-lg font-bold text-gray-900 tabular-nums">{formatCents(tender.leftToPayCents)}</dd>
      </div>
    </dl>
  );
}
