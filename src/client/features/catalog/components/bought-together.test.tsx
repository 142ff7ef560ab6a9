import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoughtTogetherItem } from '#common/schemas/bought-together.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { product } from '#client/test/fixtures.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import { BoughtTogether } from './bought-together.tsx';
import { CartBridgeProvider } from './cart-bridge.tsx';

const item = (fields: Partial<BoughtTogetherItem> & Pick<BoughtTogetherItem, 'id' | 'name' | 'price'>): BoughtTogetherItem => ({
  ...product({ slug: fields.name.toLowerCase().replaceAll(' ', '-'), stock: 5, imageUrl: `/uploads/${fields.id}.webp`, ...fields }),
  priceMax: fields.price,
  variantCount: 1,
  ratingAverage: null,
  ratingCount: 0,
  variant: null,
  reason: 'bought_together',
  ...fields,
});

const cover = item({ id: 7, name: 'Paddle Cover', price: '19.00' });
const balls = item({
  id: 8,
  name: 'Outdoor Balls',
  price: '9.00',
  variantCount: 2,
  variant: { id: 81, name: '6 Pack', sku: 'OB-6', price: '16.50', stock: 4, imageUrl: null },
});
const grip = item({ id: 9, name: 'Overgrip', price: '6.50', stock: 1 });

function open(items: BoughtTogetherItem[], inCart: (productId: number) => number = () => 0) {
  const api = fakeApi({ 'GET /api/products/3/bought-together': ok(items) });
  const cart = { quantityOf: vi.fn(inCart), addItem: vi.fn(), updateQuantity: vi.fn() };
  const view = renderInShop(
    <CartBridgeProvider value={cart}>
      <BoughtTogether productId={3} />
    </CartBridgeProvider>,
  );
  return { ...view, api, cart };
}

// read at once: happy-dom's IntersectionObserver never reports the row near the screen
beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined));
afterEach(() => vi.unstubAllGlobals());

describe('frequently bought together', () => {
  it('lists the products with their prices, the variant named, and adds one with its variant in one tap', async () => {
    const { user, cart } = open([cover, balls, grip]);

    const section = await screen.findByRole('region', { name: 'Frequently bought together' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Paddle CoverPrice: $19.00Add Paddle Cover to cart',
      'Outdoor Balls6 PackPrice: $16.50Add Outdoor Balls (6 Pack) to cart',
      'OvergripPrice: $6.50Add Overgrip to cart',
    ]);
    expect(within(section).getByRole('link', { name: 'Outdoor Balls' })).toHaveAttribute('href', '/products/outdoor-balls');

    await user.click(within(section).getByRole('button', { name: 'Add Outdoor Balls (6 Pack) to cart' }));
    expect(cart.addItem).toHaveBeenCalledTimes(1);
    const [added, quantity, variant] = cart.addItem.mock.calls[0]!;
    expect(added).toMatchObject({ id: 8, name: 'Outdoor Balls' });
    expect(added).not.toHaveProperty('variant');
    expect(quantity).toBe(1);
    expect(variant).toEqual(balls.variant);
  });

  it('links a gift card to its page to choose the amount and recipient, and adds all the others without it', async () => {
    const card = item({ id: 10, name: 'Shop Gift Card', price: '25.00', variantCount: 1, giftCard: true });
    const { user, cart } = open([cover, card, grip]);

    const section = await screen.findByRole('region', { name: 'Frequently bought together' });
    expect(within(section).getByRole('link', { name: 'Choose amount of Shop Gift Card' })).toHaveAttribute('href', '/products/shop-gift-card');
    expect(within(section).queryByRole('button', { name: /Shop Gift Card/ })).toBeNull();
    expect(section).toHaveTextContent('Total for all 2: $25.50');
    await user.click(within(section).getByRole('button', { name: 'Add all 2 to cart' }));
    expect(cart.addItem.mock.calls.map(([added]) => added.id)).toEqual([7, 9]);
  });

  it('adds all of them for the total shown, and says which could not go in', async () => {
    // the one overgrip left is in the cart already
    const { user, cart } = open([cover, balls, grip], (productId) => (productId === 9 ? 1 : 0));

    const section = await screen.findByRole('region', { name: 'Frequently bought together' });
    expect(section).toHaveTextContent('Total for all 3: $42.00');
    await user.click(within(section).getByRole('button', { name: 'Add all 3 to cart' }));

    expect(cart.addItem.mock.calls.map(([added, , variant]) => [added.id, variant?.id ?? null])).toEqual([
      [7, null],
      [8, 81],
    ]);
    expect(await findToast('Cannot add to cart')).toHaveTextContent('Overgrip: All available stock already in cart');
  });

  it('heads bestsellers "Pairs well with", and shows nothing without products', async () => {
    const first = open([{ ...cover, reason: 'bestseller' }]);
    expect(await screen.findByRole('heading', { name: 'Pairs well with' })).toBeInTheDocument();
    // one product: its own Add is the whole offer
    expect(screen.queryByRole('button', { name: /Add all/ })).not.toBeInTheDocument();
    first.unmount();

    const { api } = open([]);
    await vi.waitFor(() => expect(api.sent.map((request) => request.path)).toContain('/api/products/3/bought-together'));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
