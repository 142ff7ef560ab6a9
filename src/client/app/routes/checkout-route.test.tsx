import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#common/schemas/catalog.ts';
import type { CreatePaymentIntentInput } from '#common/schemas/checkout.ts';
import { CART_STORAGE_KEY, serializeCart } from '#client/features/cart/cart-storage.ts';
import { cartActions } from '#client/features/cart/cart-store.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { builtInShippingRates, paymentIntent, product, publicConfig, siteSettings, taxResult } from '#client/test/fixtures.ts';
import { toCents } from '#common/money.ts';
import { fillCustomer, fillShippingAddress, summaryValue } from '#client/test/checkout-steps.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import CheckoutRoute from './checkout-route.tsx';

// /checkout as the app composes it: the cart's lines in the order summary beside the form. When the shop
// refuses or re-prices the order at payment, the lines are read again and say what changed, and the shopper
// goes on with the order as it now is.

const paddle = product({ id: 1, name: 'Court Pro Paddle', price: '60.00', stock: 10 });

function cartLeftInBrowser(quantity: number) {
  const stored = serializeCart([{ product: paddle, quantity }]);
  localStorage.setItem(CART_STORAGE_KEY, stored);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: stored }));
}

/** The shop: the paddle as `shelf()` says now, no tax, and the payment answers in turn. */
function shop(shelf: () => Product, payments: ((body: CreatePaymentIntentInput) => Answer)[]) {
  let created = 0;
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings({ shippingCost: '10.00', freeShippingThreshold: '100.00' })),
    'GET /api/user': fails(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig()),
    'GET /api/products': () => ok([shelf()]),
    'POST /api/tax/calculate': ok(taxResult(0, 0)),
    // unanswered, the page prices by the applied coupon alone (decision 058); automatic discounts have their own test
    'POST /api/discounts/preview': fails(503, 'No discount preview here'),
    'GET /api/shipping/destinations': ok({ caProvinces: [] }),
    'POST /api/shipping/rates': builtInShippingRates(() => toCents(shelf().price), 1000, 10000),
    'POST /api/create-payment-intent': (request) => payments[Math.min(created++, payments.length - 1)]!(request.body as CreatePaymentIntentInput),
  });
}

async function proceed(user: ReturnType<typeof renderInShop>['user']) {
  await fillShippingAddress(user);
  await fillCustomer(user);
  expect(await findToast('Tax calculated')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
}

const cartLine = () =>
  within(
    within(screen.getByRole('list', { name: 'Items in your order' }))
      .getByText('Court Pro Paddle')
      .closest('li')!,
  );

beforeEach(() => cartActions.clear());

describe('/checkout', () => {
  it('after stock ran out at payment, shows the lowered quantity on the line and pays for what is left', async () => {
    let stock = 10;
    const api = shop(
      () => ({ ...paddle, stock }),
      [
        () => {
          stock = 1;
          return fails(409, 'Only 1 left of Court Pro Paddle');
        },
        (body) => ok(paymentIntent('pi_second', { subtotal: 6000 * (body.items[0]?.quantity ?? 0), discount: 0, shipping: 1000, tax: 0, total: 7000 })),
      ],
    );
    cartLeftInBrowser(3);
    const { user } = renderInShop(<CheckoutRoute />, { path: '/checkout' });
    await screen.findByRole('group', { name: 'Shipping Address' });

    await proceed(user);

    expect(await findToast('Error initializing payment')).toHaveTextContent('Only 1 left of Court Pro Paddle');
    expect(await cartLine().findByText('Only 1 available: quantity lowered from 3 to 1.')).toBeInTheDocument();
    await waitFor(() => expect(summaryValue('Subtotal')).toBe('$60.00'));
    expect(summaryValue('Shipping')).toBe('$10.00');

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.getByText('Amount to pay:')).toHaveTextContent('$70.00');
    expect(api.sentTo('POST /api/create-payment-intent')[1]?.body).toMatchObject({ items: [{ productId: 1, quantity: 1 }], amount: 7000 });
  });

  it('after the price rose at payment, shows the new price on the line and the total the shop will charge', async () => {
    let price = '60.00';
    shop(
      () => ({ ...paddle, price }),
      [
        () => {
          price = '65.00';
          return ok(paymentIntent('pi_first', { subtotal: 19500, discount: 0, shipping: 0, tax: 0, total: 19500 }));
        },
      ],
    );
    cartLeftInBrowser(3);
    const { user } = renderInShop(<CheckoutRoute />, { path: '/checkout' });
    await screen.findByRole('group', { name: 'Shipping Address' });
    expect(summaryValue('Total')).toBe('$180.00');

    await proceed(user);

    expect(await cartLine().findByText('Price changed from $60.00 to $65.00.')).toBeInTheDocument();
    expect(screen.getByText('Amount to pay:')).toHaveTextContent('$195.00');
    await waitFor(() => expect(summaryValue('Total')).toBe('$195.00'));
  });

  it('says when the cart is empty and links to the shop', async () => {
    shop(() => paddle, []);
    renderInShop(<CheckoutRoute />, { path: '/checkout' });

    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('group', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('says when nothing in the cart is in stock, and leads back to the cart', async () => {
    shop(() => ({ ...paddle, stock: 0 }), []);
    cartLeftInBrowser(1);
    renderInShop(<CheckoutRoute />, { path: '/checkout' });

    expect(await screen.findByText('Nothing in your cart is in stock right now.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Return to Cart' }).map((link) => link.getAttribute('href'))).toEqual(['/cart', '/cart']);
  });
});
