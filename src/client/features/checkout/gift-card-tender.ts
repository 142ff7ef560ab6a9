import { giftCardsPay } from '#common/gift-cards.ts';

/** A card the shopper applied on this page: its code goes to the server, only its last four are shown. */
export interface AppliedGiftCard {
  code: string;
  last4: string;
  balanceCents: number;
}

export interface GiftCardTender {
  /** what each applied card pays, in the order applied (a card the total does not reach pays 0) */
  cards: { last4: string; cents: number }[];
  giftCardCents: number;
  /** what the card payment takes: the total less the gift cards */
  leftToPayCents: number;
}

/**
 * The page's figure of what the gift cards pay, by the server's rule (`giftCardsPay`, decision 071): the cards
 * in the order applied, each as much as it holds; all of the total when they cover it, else at most the total
 * less the smallest card charge.
 */
export function giftCardTender(cards: readonly AppliedGiftCard[], totalCents: number): GiftCardTender {
  let remaining = giftCardsPay(
    cards.reduce((sum, card) => sum + card.balanceCents, 0),
    totalCents,
  );
  const paid = cards.map((card) => {
    const cents = Math.min(card.balanceCents, remaining);
    remaining -= cents;
    return { last4: card.last4, cents };
  });
  const giftCardCents = paid.reduce((sum, card) => sum + card.cents, 0);
  return { cards: paid, giftCardCents, leftToPayCents: totalCents - giftCardCents };
}
