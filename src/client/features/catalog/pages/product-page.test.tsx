import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNUP_PENDING_MESSAGE, SIGNUP_UNCONFIRMED_MESSAGE } from '#common/schemas/stock-alerts.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { customer, productDetail, siteSettings } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import { CartBridgeProvider } from '../components/cart-bridge.tsx';
import ProductPage from './product-page.tsx';

// The product page's states the spec names (Product Not Found, a failed read with Try again) and the
// back-in-stock sign-up under a sold-out product.

const soldOutBall = productDetail({
  id: 4,
  name: 'Outdoor Balls (6)',
  slug: 'outdoor-balls-6',
  price: '15.00',
  stock: 0,
  variants: [{ id: 41, sku: 'OB-6', price: '15.00', compareAtPrice: null, stock: 0, position: 0, imageId: null, options: [] }],
});

function openProduct(key: string, routes: Record<string, Answer | (() => Answer)>) {
  const api = fakeApi({
    'GET /api/site-settings': ok(siteSettings()),
    'GET /api/wishlist': ok({ items: [] }),
    'GET /api/shipping/promise': ok({ freeOverCents: 5000, cutoffTime: '14:00', dispatch: 'today', minBusinessDays: 2, maxBusinessDays: 4 }),
    ...routes,
  });
  const cart = { quantityOf: () => 0, addItem: vi.fn(), updateQuantity: vi.fn() };
  const view = renderInShop(
    <CartBridgeProvider value={cart}>
      <ProductPage id={key} />
    </CartBridgeProvider>,
    { path: `/products/${key}` },
  );
  return { ...view, api };
}

describe('the product page', () => {
  it('says the delivery line the server worked out under the price', async () => {
    openProduct('outdoor-balls-6', { 'GET /api/products/outdoor-balls-6': ok(soldOutBall), 'GET /api/user': fails(401, 'Not signed in') });

    expect(await screen.findByTestId('delivery-line')).toHaveTextContent('Free shipping over $50 · order by 2 pm for dispatch today');
  });

  it('says Product Not Found for a product the shop does not have', async () => {
    openProduct('no-such-paddle', { 'GET /api/products/no-such-paddle': fails(404, 'Product not found') });

    expect(await screen.findByRole('heading', { name: 'Product Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The requested product could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  });

  it('says a read failed, and shows the product once Try again succeeds', async () => {
    let answers = 0;
    const { user } = openProduct('outdoor-balls-6', {
      'GET /api/products/outdoor-balls-6': () => (answers++ === 0 ? fails(500, 'Internal Server Error') : ok(soldOutBall)),
      'GET /api/user': fails(401, 'Not signed in'),
    });

    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: "We couldn't load this product" })).toBeInTheDocument();
    expect(failure).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');

    await user.click(within(failure).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Outdoor Balls (6)', level: 1 })).toBeInTheDocument();
  });

  it('says so when the shop cannot be reached', async () => {
    openProduct('outdoor-balls-6', { 'GET /api/products/outdoor-balls-6': { networkError: true } });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach the shop. Check your internet connection, then try again.");
  });
});

describe('Notify me under a sold-out product', () => {
  it("signs a guest up and shows the shop's answer", async () => {
    const { user, api } = openProduct('outdoor-balls-6', {
      'GET /api/products/outdoor-balls-6': ok(soldOutBall),
      'GET /api/user': fails(401, 'Not signed in'),
      'POST /api/stock-alerts': ok({ status: 'unconfirmed', message: SIGNUP_UNCONFIRMED_MESSAGE }),
    });
    const form = within(await screen.findByRole('form', { name: 'Notify me when Outdoor Balls (6) is back' }));
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();

    await fillIn(user, form.getByLabelText('Email'), 'guest@example.com');
    await user.click(form.getByRole('button', { name: 'Notify me' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SIGNUP_UNCONFIRMED_MESSAGE);
    expect(api.sentTo('POST /api/stock-alerts')[0]?.body).toEqual({ variantId: 41, email: 'guest@example.com' });
  });

  it("starts from a signed-in customer's own address", async () => {
    const { user, api } = openProduct('outdoor-balls-6', {
      'GET /api/products/outdoor-balls-6': ok(soldOutBall),
      'GET /api/user': ok(customer({ email: 'dana@example.com' })),
      'POST /api/stock-alerts': ok({ status: 'pending', message: SIGNUP_PENDING_MESSAGE }),
    });
    const form = within(await screen.findByRole('form', { name: 'Notify me when Outdoor Balls (6) is back' }));
    expect(await form.findByDisplayValue('dana@example.com')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Notify me' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SIGNUP_PENDING_MESSAGE);
    expect(api.sentTo('POST /api/stock-alerts')[0]?.body).toEqual({ variantId: 41, email: 'dana@example.com' });
  });

  it("shows the server's refusal beside the e-mail field", async () => {
    const { user } = openProduct('outdoor-balls-6', {
      'GET /api/products/outdoor-balls-6': ok(soldOutBall),
      'GET /api/user': fails(401, 'Not signed in'),
      'POST /api/stock-alerts': fails(400, 'Please enter a valid email address'),
    });
    const form = within(await screen.findByRole('form', { name: 'Notify me when Outdoor Balls (6) is back' }));

    await fillIn(user, form.getByLabelText('Email'), 'guest@example');
    await user.click(form.getByRole('button', { name: 'Notify me' }));

    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  });
});
