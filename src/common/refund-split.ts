import { formatCents } from './money.ts';

// Where a refund of an order gift cards paid goes (decision 072): gift cards first, each up to what it
// paid less what earlier refunds gave it back, in the order the cards were applied; the card payment gets
// the rest. One rule for the server's claim, the owner's refund dialog and the customer's e-mail.

/** A gift card that paid the order: what it paid and what refunds (made or under way) give it back. */
export interface GiftCardTender {
  giftCardId: number;
  last4: string;
  paidCents: number;
  refundedCents: number;
}

export interface GiftCardPart {
  giftCardId: number;
  last4: string;
  cents: number;
}

interface RefundSplit {
  giftCards: GiftCardPart[];
  /** what goes back to the card payment */
  cardCents: number;
}

export function splitRefund(tenders: readonly GiftCardTender[], amountCents: number): RefundSplit {
  let left = Math.max(0, amountCents);
  const giftCards: GiftCardPart[] = [];
  for (const tender of tenders) {
    const cents = Math.min(left, tender.paidCents - tender.refundedCents);
    if (cents <= 0) continue;
    giftCards.push({ giftCardId: tender.giftCardId, last4: tender.last4, cents });
    left -= cents;
  }
  return { giftCards, cardCents: left };
}

export const giftCardCents = (parts: readonly Pick<GiftCardPart, 'cents'>[]) => parts.reduce((sum, part) => sum + part.cents, 0);

/** "$12.00 to gift card ••••ABCD, $8.00 to the card"; null when it all goes to the card (nothing to explain). */
export function describeRefundSplit(split: RefundSplit): string | null {
  if (split.giftCards.length === 0) return null;
  const parts = split.giftCards.map((part) => `${formatCents(part.cents)} to gift card ••••${part.last4}`);
  if (split.cardCents > 0) parts.push(`${formatCents(split.cardCents)} to the card`);
  return parts.join(', ');
}
