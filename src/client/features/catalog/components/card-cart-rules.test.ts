import { describe, expect, it } from 'vitest';
import { cardAddRefusal, cardButtonState, clampQuantity, productPageAddRefusal } from './card-cart-rules.ts';

describe('product card add-to-cart', () => {
  it('shows the four button states', () => {
    expect(cardButtonState({ stock: 0 }, 0)).toEqual({ kind: 'out-of-stock' });
    expect(cardButtonState({ stock: -2 }, 0)).toEqual({ kind: 'out-of-stock' });
    expect(cardButtonState({ stock: 3 }, 3)).toEqual({ kind: 'max-in-cart', inCart: 3 });
    expect(cardButtonState({ stock: 3 }, 4)).toEqual({ kind: 'max-in-cart', inCart: 4 });
    expect(cardButtonState({ stock: 3 }, 2)).toEqual({ kind: 'in-cart', inCart: 2 });
    expect(cardButtonState({ stock: 3 }, 0)).toEqual({ kind: 'add' });
  });

  it('refuses (silently) when stock is missing, 0 or less, or already all in the cart', () => {
    expect(cardAddRefusal({ stock: undefined as unknown as number }, 0)).not.toBeNull();
    expect(cardAddRefusal({ stock: null as unknown as number }, 0)).not.toBeNull();
    expect(cardAddRefusal({ stock: 0 }, 0)).not.toBeNull();
    expect(cardAddRefusal({ stock: 2 }, 2)).not.toBeNull();
    expect(cardAddRefusal({ stock: 2 }, 3)).not.toBeNull();
    expect(cardAddRefusal({ stock: 2 }, 1)).toBeNull();
  });
});

describe('product page add-to-cart', () => {
  it('refuses an out-of-stock product', () => {
    expect(productPageAddRefusal({ stock: 0 }, 0, 1)).toBe('This product is out of stock');
    expect(productPageAddRefusal({ stock: undefined as unknown as number }, 0, 1)).toBe('This product is out of stock');
  });

  it('refuses more than the stock left', () => {
    expect(productPageAddRefusal({ stock: 5 }, 5, 1)).toBe('All available stock already in cart');
    expect(productPageAddRefusal({ stock: 5 }, 6, 1)).toBe('All available stock already in cart');
    expect(productPageAddRefusal({ stock: 5 }, 3, 3)).toBe('Only 2 additional units available');
    expect(productPageAddRefusal({ stock: 5 }, 3, 2)).toBeNull();
    expect(productPageAddRefusal({ stock: 5 }, 0, 5)).toBeNull();
  });

  it('clamps the quantity to an integer between 1 and stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
  });
});
