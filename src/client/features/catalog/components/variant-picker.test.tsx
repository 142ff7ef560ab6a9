import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '#common/schemas/catalog.ts';
import type { Variant } from '#common/schemas/catalog-model.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { productDetail, siteSettings } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import ProductPage from '../pages/product-page.tsx';
import { CartBridgeProvider, type CartBridge } from './cart-bridge.tsx';

// The product page's variant picker: every value shows; a combination the shop does not make is
// disabled and says why; a sold-out one can be chosen to see it but not added; the price, stock and
// add-to-cart follow the chosen variant.

const THICKNESS = 1;
const GRIP = 2;
const [T13, T16, G400, G425] = [11, 12, 21, 22];

function variant(id: number, [thickness, grip]: [number, number], price: string, stock: number): Variant {
  const label: Record<number, string> = { [T13]: '13 mm', [T16]: '16 mm', [G400]: '4 in', [G425]: '4 1/4 in' };
  return {
    id,
    sku: `GP-${id}`,
    price,
    compareAtPrice: null,
    stock,
    position: id,
    imageId: null,
    options: [
      { optionTypeId: THICKNESS, valueId: thickness, label: label[thickness]! },
      { optionTypeId: GRIP, valueId: grip, label: label[grip]! },
    ],
  };
}

// 13 mm in both grips (the 4 1/4 in sold out), 16 mm in 4 in only
const gripPaddle = productDetail({
  id: 7,
  name: 'Grip Paddle',
  slug: 'grip-paddle',
  price: '150.00',
  stock: 7,
  options: [
    {
      id: THICKNESS,
      key: 'core',
      name: 'Core thickness',
      values: [
        { id: T13, label: '13 mm', sortValue: 13 },
        { id: T16, label: '16 mm', sortValue: 16 },
      ],
    },
    {
      id: GRIP,
      key: 'grip',
      name: 'Grip size',
      values: [
        { id: G400, label: '4 in', sortValue: 4 },
        { id: G425, label: '4 1/4 in', sortValue: 4.25 },
      ],
    },
  ],
  variants: [variant(101, [T13, G400], '150.00', 5), variant(102, [T13, G425], '150.00', 0), variant(103, [T16, G400], '165.00', 2)],
});

function fakeCart(): CartBridge & { added: { product: Product; quantity?: number; variant?: CartVariant | null }[] } {
  const added: { product: Product; quantity?: number; variant?: CartVariant | null }[] = [];
  return {
    added,
    quantityOf: () => 0,
    addItem: vi.fn((product, quantity, chosen) => added.push({ product, quantity, variant: chosen })),
    updateQuantity: vi.fn(),
  };
}

/** The product page at `path`, once the product has loaded. */
async function openProductPage(path = '/products/grip-paddle') {
  const api = fakeApi({
    'GET /api/products/grip-paddle': ok(gripPaddle),
    'GET /api/site-settings': ok(siteSettings()),
    // the delivery line under the price (decision 062)
    'GET /api/shipping/promise': ok({ freeOverCents: 5000, cutoffTime: '14:00', dispatch: 'today', minBusinessDays: 2, maxBusinessDays: 4 }),
    // the back-in-stock form prefills a signed-in customer's address
    'GET /api/user': fails(401, 'Not signed in'),
  });
  const cart = fakeCart();
  const view = renderInShop(
    <CartBridgeProvider value={cart}>
      <ProductPage id="grip-paddle" />
    </CartBridgeProvider>,
    { path },
  );
  await screen.findByRole('heading', { name: 'Grip Paddle', level: 1 });
  return { ...view, api, cart };
}

const axis = (name: string) => within(screen.getByRole('group', { name: new RegExp(`^${name}:`) }));

describe('the variant picker', () => {
  it('opens on the first variant in stock, with its price and stock', async () => {
    await openProductPage();

    expect(axis('Core thickness').getByRole('button', { name: '13 mm' })).toHaveAttribute('aria-pressed', 'true');
    expect(axis('Grip size').getByRole('button', { name: '4 in' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('$150.00')).toBeInTheDocument();
    expect(screen.getByText('5 in Stock')).toBeInTheDocument();
    expect(screen.getByText('SKU: GP-101')).toBeInTheDocument();
  });

  it('marks a sold-out combination but lets it be chosen, and then offers no Add to Cart', async () => {
    const { user, history } = await openProductPage();
    const soldOut = axis('Grip size').getByRole('button', { name: /4 1\/4 in/ });
    expect(soldOut).toHaveTextContent('4 1/4 in sold out');
    expect(soldOut).toHaveAttribute('title', '4 1/4 in: sold out');
    expect(soldOut).toBeEnabled();

    await user.click(soldOut);

    await waitFor(() => expect(history.at(-1)).toBe('/products/grip-paddle?variant=102'));
    expect(axis('Grip size').getByRole('button', { name: /4 1\/4 in/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('Out of Stock')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Notify me when Grip Paddle (13 mm / 4 1/4 in) is back' })).toBeInTheDocument();
  });

  it('disables a combination the shop does not make, saying why', async () => {
    await openProductPage('/products/grip-paddle?variant=103');

    const missing = axis('Grip size').getByRole('button', { name: '4 1/4 in, not available with the other options chosen' });
    expect(missing).toBeDisabled();
    expect(missing).toHaveAttribute('title', '4 1/4 in: not available with the other options chosen');
    expect(axis('Core thickness').getByRole('button', { name: '16 mm' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the chosen variant's price and stock and adds that variant to the cart", async () => {
    const { user, cart, history } = await openProductPage();
    await user.click(axis('Core thickness').getByRole('button', { name: '16 mm' }));
    await waitFor(() => expect(history.at(-1)).toBe('/products/grip-paddle?variant=103'));

    expect(screen.getByText('$165.00')).toBeInTheDocument();
    expect(screen.getByText('Low Stock: 2')).toBeInTheDocument();
    expect(screen.getByText('Core thickness:')).toHaveTextContent('Core thickness: 16 mm');
    const stepper = within(screen.getByRole('group', { name: 'Quantity of Grip Paddle (16 mm / 4 in)' }));
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(stepper.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByText('Subtotal:')).toHaveTextContent('Subtotal: $330.00');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(cart.added).toEqual([
      {
        product: expect.objectContaining({ id: 7 }),
        quantity: 2,
        variant: { id: 103, name: '16 mm / 4 in', sku: 'GP-103', price: '165.00', stock: 2, imageUrl: null },
      },
    ]);
  });

  it('offers a value made only with other choices once those are chosen', async () => {
    const { user, history } = await openProductPage('/products/grip-paddle?variant=102');
    // 16 mm is made in 4 in only
    expect(axis('Core thickness').getByRole('button', { name: '16 mm, not available with the other options chosen' })).toBeDisabled();

    await user.click(axis('Grip size').getByRole('button', { name: '4 in' }));
    await user.click(axis('Core thickness').getByRole('button', { name: '16 mm' }));

    await waitFor(() => expect(history.at(-1)).toBe('/products/grip-paddle?variant=103'));
    expect(screen.getByText('$165.00')).toBeInTheDocument();
  });
});
