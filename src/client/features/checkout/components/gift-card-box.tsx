import { useState } from 'react';
import { Gift, X } from 'lucide-react';
import { normalizeGiftCardCode } from '#common/gift-cards.ts';
import { formatCents } from '#common/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCheckGiftCard } from '../api/check-gift-card.ts';
import type { AppliedGiftCard, GiftCardTender } from '../gift-card-tender.ts';
import { CodeEntryForm } from './code-entry-form.tsx';

/** The server's limit on cards per order (GiftCardCodes). */
const MAX_GIFT_CARDS = 5;

interface GiftCardBoxProps {
  cards: readonly AppliedGiftCard[];
  tender: GiftCardTender;
  onApplied: (card: AppliedGiftCard) => void;
  onRemoved: (code: string) => void;
}

/**
 * Beside the coupon box: a code is checked against the shop (unknown, disabled and empty cards are refused
 * with the shop's words), then listed by its last four with what it covers of this order.
 */
export function GiftCardBox({ cards, tender, onApplied, onRemoved }: GiftCardBoxProps) {
  // closed until asked for: most orders have no gift card, and the coupon's Apply stays the only one in sight
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const check = useCheckGiftCard();

  function apply(typed: string) {
    if (cards.some((card) => card.code === normalizeGiftCardCode(typed))) {
      setRefusal('This gift card is already applied');
      return;
    }
    check.mutate(typed, {
      onSuccess: (card) => {
        if (card.status !== 'active') setRefusal(`The gift card ending in ${card.last4} is disabled`);
        else if (card.balanceCents <= 0) setRefusal(`The gift card ending in ${card.last4} has no balance left`);
        else {
          onApplied({ code: normalizeGiftCardCode(typed), last4: card.last4, balanceCents: card.balanceCents });
          setCode('');
          setRefusal(null);
          setOpen(false);
        }
      },
      onError: (error) => setRefusal(error.message),
    });
  }

  return (
    <div className="grid gap-2">
      {cards.length > 0 ? (
        <ul className="grid gap-2" aria-label="Applied gift cards">
          {cards.map((card, index) => (
            <li
              key={card.code}
              className="flex items-center justify-between gap-3 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
            >
              <p className="flex min-w-0 items-center gap-2">
                <Gift className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  Gift card ending in <span className="font-semibold">{card.last4}</span>: covers {formatCents(tender.cards[index]?.cents ?? 0)} (balance{' '}
                  {formatCents(card.balanceCents)})
                </span>
              </p>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRemoved(card.code)}
                aria-label={`Remove gift card ending in ${card.last4}`}
                className="shrink-0 text-green-900 hover:bg-green-100"
              >
                <X className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {cards.length < MAX_GIFT_CARDS && !open ? (
        <Button type="button" variant="link" className="min-h-11 justify-self-start px-0" onClick={() => setOpen(true)}>
          <Gift className="h-4 w-4" aria-hidden="true" />
          {cards.length > 0 ? 'Add another gift card' : 'Pay with a gift card'}
        </Button>
      ) : null}
      {cards.length < MAX_GIFT_CARDS && open ? (
        <CodeEntryForm
          formLabel="Gift card"
          fieldLabel="Gift card"
          name="giftCardCode"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          maxLength={40}
          value={code}
          onChange={(typed) => {
            setCode(typed);
            setRefusal(null);
          }}
          onSubmit={apply}
          pending={check.isPending}
          pendingText="Checking..."
          submitName="Apply gift card"
          refusal={refusal}
          announceRefusal
          autoFocus
        />
      ) : null}
    </div>
  );
}
