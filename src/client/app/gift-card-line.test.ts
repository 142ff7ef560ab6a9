import { describe, expect, it } from 'vitest';
import { product } from '#client/test/fixtures.ts';
import { paymentItems } from '#client/features/checkout/checkout-rules.ts';
import { addCartItem, refreshCartItems } from '#client/features/cart/cart-rules.ts';
import { checkoutLine } from '#client/features/cart/cart-lines.ts';

// A gift card's cart line keeps its recipient through adding more, a re-read from the shop and checkout (decision 066).

const card = product({ id: 40, name: 'Gift Card', price: '25.00', stock: 1000 });
const variant = { id: 401, name: '$50', sku: 'GIFT-50', price: '50.00', stock: 1000, imageUrl: null };
const robin = { recipientName: 'Robin Rally', recipientEmail: 'robin@example.com', message: undefined, deliverOn: '2026-12-24' };
const sam = { recipientName: 'Sam Smash', recipientEmail: 'sam@example.com', deliverOn: '2026-12-25', message: 'Merry Christmas' };

describe('a gift card line', () => {
  it('keeps its recipient when more are added, and takes the one given last', () => {
    const once = addCartItem([], card, 1, variant, robin);
    expect(addCartItem(once, card, 1, variant)[0]).toMatchObject({ quantity: 2, giftCard: robin });
    expect(addCartItem(once, card, 1, variant, sam)[0]).toMatchObject({ quantity: 2, giftCard: sam });
  });

  it('keeps it through a re-read, says who and when under the line, and sends it with the payment', () => {
    const [line] = refreshCartItems(
      addCartItem([], card, 2, variant, robin),
      [],
      [{ id: 401, productId: 40, price: '50.00', stock: 1000, sku: 'GIFT-50' }],
    ).items;
    const shown = checkoutLine(line!);
    expect(shown.notes).toEqual(['E-mailed to Robin Rally (robin@example.com) on Dec 24, 2026']);
    expect(paymentItems([shown])).toEqual([{ productId: 40, variantId: 401, quantity: 2, giftCard: robin }]);
  });
});
