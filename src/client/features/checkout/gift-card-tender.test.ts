import { describe, expect, it } from 'vitest';
import { giftCardTender } from './gift-card-tender.ts';

const card = (last4: string, balanceCents: number) => ({ code: `ABCDEFGHJKMN${last4}`, last4, balanceCents });

describe('what the gift cards pay of a total (the server rule of decision 059)', () => {
  it('takes each card in the order applied, as much as it holds', () => {
    expect(giftCardTender([card('AAAA', 2500), card('BBBB', 1000)], 12870)).toEqual({
      cards: [
        { last4: 'AAAA', cents: 2500 },
        { last4: 'BBBB', cents: 1000 },
      ],
      giftCardCents: 3500,
      leftToPayCents: 9370,
    });
  });

  it('leaves the card payment at least $0.50, and a card the total does not reach pays nothing', () => {
    const tender = giftCardTender([card('AAAA', 20000), card('BBBB', 1000)], 12870);
    expect(tender.cards.map((paid) => paid.cents)).toEqual([12820, 0]);
    expect(tender.leftToPayCents).toBe(50);
  });

  it('pays nothing on a total of $0.50 or less, and the whole total is left without cards', () => {
    expect(giftCardTender([card('AAAA', 500)], 50).giftCardCents).toBe(0);
    expect(giftCardTender([], 4999)).toEqual({ cards: [], giftCardCents: 0, leftToPayCents: 4999 });
  });
});
