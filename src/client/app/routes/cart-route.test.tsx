import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, serializeCart } from '#client/features/cart/cart-storage.ts';
import { cartActions } from '#client/features/cart/cart-store.ts';
import { setAppliedCoupon } from '#client/features/checkout/applied-coupon.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { product, siteSettings } from '#client/test/fixtures.ts';
import { summaryValue } from '#client/test/checkout-steps.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import CartRoute from './cart-route.tsx';

// /cart as the app composes it: the lines, and checkout's Order Summary with the coupon box and the way to /checkout.

const paddle = product({ id: 1, name: 'Court Pro Paddle', price: '40.00', stock: 10 });

beforeEach(() => {
  cartActions.clear();
  setAppliedCoupon(null);
});

describe('/cart', () => {
  it('sums the order before tax, applies a coupon kept for checkout, and leads to /checkout', async () => {
    const stored = serializeCart([{ product: paddle, quantity: 1 }]);
    localStorage.setItem(CART_STORAGE_KEY, stored);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: stored }));
    fakeApi({
      'GET /api/site-settings': ok(siteSettings({ shippingCost: '5.99', freeShippingThreshold: '50.00' })),
      'GET /api/products': ok([paddle]),
      'POST /api/validate-coupon': ok({ code: 'FIVE', type: 'fixed', amount: '5.00' }),
      // the server's discounts for the cart (decision 058): here only the code's $5 on the one line
      'POST /api/discounts/preview': (request) => {
        const { items, couponCode } = request.body as { items: Array<{ variantId?: number }>; couponCode?: string | null };
        const off = couponCode === 'FIVE' ? 500 : 0;
        return ok({
          discounts: off ? [{ kind: 'code', label: 'FIVE', amountCents: off, freeShipping: false }] : [],
          lines: items.map((item, index) => ({ variantId: item.variantId ?? 0, discountCents: index === 0 ? off : 0 })),
          discountCents: off,
          freeShipping: false,
        });
      },
    });
    const { user } = renderInShop(<CartRoute />, { path: '/cart' });

    await waitFor(() => expect(summaryValue('Shipping')).toBe('$5.99'));
    expect(summaryValue('Subtotal')).toBe('$40.00');
    expect(within(screen.getByLabelText('Order totals')).queryByText(/Discount/)).not.toBeInTheDocument();
    expect(summaryValue('Tax')).toBe('Calculated at checkout');
    expect(summaryValue('Total')).toBe('$45.99');
    expect(screen.getByText('Add $10.00 more for free shipping.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate Tax' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Coupon code'), 'FIVE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await findToast('Coupon applied successfully!')).toHaveTextContent('$5.00 off your order');
    expect(summaryValue('Discount (FIVE)')).toBe('-$5.00');
    expect(summaryValue('Total')).toBe('$40.99');
    expect(JSON.parse(sessionStorage.getItem('pickleball-checkout-coupon') ?? 'null')).toEqual({ code: 'FIVE', type: 'fixed', amount: '5.00' });
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });
});
