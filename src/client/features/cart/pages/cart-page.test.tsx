import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#common/schemas/catalog.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { product, siteSettings } from '#client/test/fixtures.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import type { CartItem } from '../cart-rules.ts';
import { CART_STORAGE_KEY, serializeCart } from '../cart-storage.ts';
import { cartActions } from '../cart-store.ts';
import CartPage from './cart-page.tsx';

// /cart re-reads every line from the shop on arrival: a price or stock that changed since the line
// was added is shown on the line itself, and a line the shop no longer sells stays, marked sold out.

const paddle = product({ id: 1, name: 'Court Pro Paddle', slug: 'court-pro-paddle', price: '60.00', stock: 10 });
const balls = product({ id: 2, name: 'Outdoor Balls (6)', slug: 'outdoor-balls-6', price: '15.00', stock: 40 });
const grip = { id: 11, name: '4 1/4 in', sku: 'GRIP-425', price: '90.00', stock: 8, imageUrl: null };

/** The cart as the shopper left it in an earlier visit (another tab's write is how the store hears of it). */
function cartLeftInBrowser(items: CartItem[]) {
  const stored = serializeCart(items);
  localStorage.setItem(CART_STORAGE_KEY, stored);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: stored }));
}

function shopNow({ products = [] as Product[], variants = [] as { id: number; productId: number; sku: string | null; price: string; stock: number }[] } = {}) {
  return fakeApi({
    // the document title names the shop
    'GET /api/site-settings': ok(siteSettings()),
    'GET /api/products': (request) => ok(products.filter((candidate) => request.query.get('ids')?.split(',').includes(String(candidate.id)))),
    'GET /api/variants': ok(variants),
  });
}

function line(name: string) {
  return screen.getByRole('heading', { name, level: 3 }).closest('li')!;
}

beforeEach(() => cartActions.clear());

describe('the cart page', () => {
  it('shows the empty cart with the way back to the shop', () => {
    shopNow();
    renderInShop(<CartPage />, { path: '/cart' });

    expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  });

  it("re-reads the lines and tells the shopper on the line when the shop's price changed", async () => {
    cartLeftInBrowser([
      { product: paddle, quantity: 2 },
      { product: balls, quantity: 1 },
    ]);
    const api = shopNow({ products: [{ ...paddle, price: '65.00' }, balls] });
    renderInShop(<CartPage />, { path: '/cart' });

    const paddleLine = within(line('Court Pro Paddle'));
    expect(await paddleLine.findByText('Price changed from $60.00 to $65.00.')).toBeInTheDocument();
    expect(paddleLine.getByText('$65.00 each')).toBeInTheDocument();
    expect(paddleLine.getByText('$130.00')).toBeInTheDocument();
    expect(within(line('Outdoor Balls (6)')).queryByText(/changed/)).not.toBeInTheDocument();
    expect(screen.getByText('Items (3)').nextElementSibling).toHaveTextContent('$145.00');
    expect(api.sentTo('GET /api/products')[0]?.query.get('ids')).toBe('1,2');
  });

  it('lowers a quantity the shop no longer has and says so', async () => {
    cartLeftInBrowser([{ product: paddle, quantity: 5 }]);
    shopNow({ products: [{ ...paddle, stock: 2 }] });
    renderInShop(<CartPage />, { path: '/cart' });

    const paddleLine = within(line('Court Pro Paddle'));
    expect(await paddleLine.findByText('Only 2 available: quantity lowered from 5 to 2.')).toBeInTheDocument();
    expect(paddleLine.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(paddleLine.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(paddleLine.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  it('keeps a line the shop no longer sells, marked sold out and left out of the order', async () => {
    cartLeftInBrowser([
      { product: paddle, quantity: 1 },
      { product: balls, quantity: 2 },
    ]);
    shopNow({ products: [balls] });
    renderInShop(<CartPage summary={<p>Order summary here</p>} />, { path: '/cart' });

    const paddleLine = within(line('Court Pro Paddle'));
    expect(await paddleLine.findByText('Sold out: not included in your order. Remove it, or keep it here until it is back in stock.')).toBeInTheDocument();
    expect(paddleLine.getByText('Sold out')).toBeInTheDocument();
    expect(paddleLine.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.getByText('Items (2)').nextElementSibling).toHaveTextContent('$30.00');
    expect(screen.getByText('Order summary here')).toBeInTheDocument();
  });

  it('offers no checkout when every line is sold out', async () => {
    cartLeftInBrowser([{ product: paddle, quantity: 1 }]);
    shopNow({ products: [{ ...paddle, stock: 0 }] });
    renderInShop(<CartPage summary={<p>Order summary here</p>} />, { path: '/cart' });

    expect(await within(line('Court Pro Paddle')).findByText(/^Sold out: not included in your order/)).toBeInTheDocument();
    expect(screen.queryByText('Order summary here')).not.toBeInTheDocument();
  });

  it("re-reads a variant's line by its variant id and shows its new price", async () => {
    cartLeftInBrowser([{ product: { ...paddle, id: 3, name: 'Grip Paddle', slug: 'grip-paddle' }, variant: grip, quantity: 1 }]);
    const api = shopNow({ variants: [{ id: 11, productId: 3, sku: 'GRIP-425', price: '95.00', stock: 8 }] });
    renderInShop(<CartPage />, { path: '/cart' });

    const gripLine = within(line('Grip Paddle'));
    expect(await gripLine.findByText('Price changed from $90.00 to $95.00.')).toBeInTheDocument();
    expect(gripLine.getByText('4 1/4 in')).toBeInTheDocument();
    expect(gripLine.getByRole('link', { name: 'Grip Paddle' })).toHaveAttribute('href', '/products/grip-paddle?variant=11');
    expect(api.sentTo('GET /api/variants')[0]?.query.get('ids')).toBe('11');
    expect(api.sentTo('GET /api/products')).toHaveLength(0);
  });

  it('says when the cart could not be checked', async () => {
    cartLeftInBrowser([{ product: paddle, quantity: 1 }]);
    fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'GET /api/products': fails(503, 'The shop is starting') });
    renderInShop(<CartPage />, { path: '/cart' });

    expect(await findToast('Could not check your cart')).toHaveTextContent('Prices and stock could not be checked just now. Please reload the page.');
    expect(within(line('Court Pro Paddle')).getByText('$60.00 each')).toBeInTheDocument();
  });

  it('changes and removes lines with the buttons, minus stopping at 1', async () => {
    cartLeftInBrowser([
      { product: { ...paddle, stock: 2 }, quantity: 1 },
      { product: balls, quantity: 1 },
    ]);
    shopNow({ products: [{ ...paddle, stock: 2 }, balls] });
    const { user } = renderInShop(<CartPage />, { path: '/cart' });
    await waitFor(() => expect(screen.getByText('Items (2)')).toBeInTheDocument());
    const paddleLine = within(line('Court Pro Paddle'));
    expect(paddleLine.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

    await user.click(paddleLine.getByRole('button', { name: 'Increase quantity' }));

    expect(paddleLine.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(paddleLine.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByText('Items (3)').nextElementSibling).toHaveTextContent('$135.00');

    await user.click(screen.getByRole('button', { name: 'Remove Outdoor Balls (6)' }));

    expect(screen.queryByRole('heading', { name: 'Outdoor Balls (6)' })).not.toBeInTheDocument();
    expect(screen.getByText('Items (2)').nextElementSibling).toHaveTextContent('$120.00');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({ state: { items: [{ product: { id: 1 }, quantity: 2 }] } });
  });
});
