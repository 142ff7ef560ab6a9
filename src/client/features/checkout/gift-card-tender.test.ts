import { describe, expect, it } from 'vitest';
import { giftCardTender } from './gift-card-tender.ts';

const card = (last4: string, balanceCents: number) => ({ code: `ABCDEFGHJKMN${last4}`, last4, balanceCents });

describe('what the gift cards pay of a total (the server rule of decisions 059 and 071)', () => {
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

  it('pays the whole total when the cards cover it, so nothing is left for a card payment', () => {
    const tender = giftCardTender([card('AAAA', 20000), card('BBBB', 1000)], 12870);
    expect(tender.cards.map((paid) => paid.cents)).toEqual([12870, 0]);
    expect(tender.leftToPayCents).toBe(0);
    expect(giftCardTender([card('AAAA', 500)], 50)).toMatchObject({ giftCardCents: 50, leftToPayCents: 0 });
  });

  it('pays across cards to the exact cent when together they cover the total', () => {
    const tender = giftCardTender([card('AAAA', 1000), card('BBBB', 2000)], 2999);
    expect(tender.cards.map((paid) => paid.cents)).toEqual([1000, 1999]);
    expect(tender.leftToPayCents).toBe(0);
  });

  it('leaves at least $0.50 for the card when the cards fall short by less than that (Stripe refuses 1 to 49 cents)', () => {
    const tender = giftCardTender([card('AAAA', 12850)], 12870);
    expect(tender).toMatchObject({ giftCardCents: 12820, leftToPayCents: 50 });
    expect(giftCardTender([card('AAAA', 10)], 50)).toMatchObject({ giftCardCents: 0, leftToPayCents: 50 });
    expect(giftCardTender([], 4999)).toEqual({ cards: [], giftCardCents: 0, leftToPayCents: 4999 });
  });
});
