import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart } from '#client/features/cart/cart-storage.ts';
import { cartActions, useCart } from '#client/features/cart/cart-store.ts';
import { CartDrawer } from '#client/features/cart/components/cart-drawer.tsx';
import { CartBridgeProvider } from '#client/features/catalog/components/cart-bridge.tsx';
import { AddToCartButton } from '#client/features/catalog/components/add-to-cart-button.tsx';
import ProductPage from '#client/features/catalog/pages/product-page.tsx';
import { SITE_SETTINGS_URL } from '#client/lib/site-settings.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { product, productDetail, siteSettings } from '#client/test/fixtures.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';

// Adding to the cart from the catalogue, with the real cart behind the bridge as providers.tsx wires
// it and the cart drawer as the layout hosts it: the card's four button states, the drawer the spec's
// toast became (decision 041), and the product page's Add to Cart / Update Cart (spec §2, §4, §5).

function WithCart({ children }: { children: ReactNode }) {
  return (
    <CartBridgeProvider value={useCart()}>
      {children}
      <CartDrawer />
    </CartBridgeProvider>
  );
}

/** The drawer, once it opened on an addition. */
const findDrawer = () => screen.findByRole('dialog', { name: 'Added to Cart' });

/** The cart as stored in the browser. */
const cartLines = () => parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));

beforeEach(() => cartActions.clear());

describe("the product card's button", () => {
  it('adds one at a time, opens the drawer with the line, counts what is in the cart, and stops at the stock', async () => {
    fakeApi({ 'GET /api/site-settings': ok(siteSettings()) });
    const { user } = renderInShop(
      <WithCart>
        <AddToCartButton product={product({ stock: 2 })} />
      </WithCart>,
    );

    const add = screen.getByRole('button', { name: /Add to Cart$/ });
    await user.click(add);

    const drawer = await findDrawer();
    expect(drawer).toHaveAccessibleDescription('Court Pro Paddle has been added to your cart');
    expect(drawer).toHaveTextContent('Quantity in cart: 1');
    expect(drawer).toHaveTextContent('$60.00');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // focus is back on the button pressed
    await waitFor(() => expect(screen.getByRole('button', { name: '1 in cart' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: '1 in cart' }));

    expect(await findDrawer()).toHaveAccessibleDescription('Added 1 more Court Pro Paddle to your cart');
    expect(screen.getByRole('dialog')).toHaveTextContent('Quantity in cart: 2');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Max Stock in Cart' })).toBeDisabled();
    expect(cartLines()).toMatchObject([{ product: { id: 1 }, quantity: 2 }]);
  });

  it('is disabled as Out of Stock when nothing is left', () => {
    fakeApi({});
    renderInShop(
      <WithCart>
        <AddToCartButton product={product({ stock: 0 })} />
      </WithCart>,
    );

    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('shows how far the cart is from free shipping, then that it ships free', async () => {
    // the fixture shop: $10.00 shipping, free from $100.00
    fakeApi({ 'GET /api/site-settings': ok(siteSettings()) });
    const { user } = renderInShop(
      <WithCart>
        <AddToCartButton product={product({ price: '37.99' })} />
      </WithCart>,
    );
    await user.click(screen.getByRole('button', { name: /Add to Cart$/ }));
    const bar = await within(await findDrawer()).findByRole('progressbar', { name: 'Progress to free shipping' });
    expect(screen.getByText('$62.01 away from free shipping')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '37');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '1 in cart' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '2 in cart' }));
    expect(await within(await findDrawer()).findByText('Your order ships free')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows no bar when the shop has no free-shipping threshold', async () => {
    fakeApi({});
    const { user, queryClient } = renderInShop(
      <WithCart>
        <AddToCartButton product={product()} />
      </WithCart>,
    );
    // the settings read already answered, so the drawer decides on them as it opens
    queryClient.setQueryData([SITE_SETTINGS_URL], siteSettings({ freeShippingThreshold: null }));
    await user.click(screen.getByRole('button', { name: /Add to Cart$/ }));
    const drawer = await findDrawer();
    expect(within(drawer).getByRole('link', { name: 'View cart' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers the way to the cart and to checkout in the drawer', async () => {
    fakeApi({ 'GET /api/site-settings': ok(siteSettings()) });
    const { user, history } = renderInShop(
      <WithCart>
        <AddToCartButton product={product()} />
      </WithCart>,
    );
    await user.click(screen.getByRole('button', { name: /Add to Cart$/ }));
    const drawer = within(await findDrawer());
    expect(drawer.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');

    await user.click(drawer.getByRole('link', { name: 'Check out' }));

    expect(history.at(-1)).toBe('/checkout');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("the product page's Add to Cart", () => {
  const paddle = productDetail({ id: 1, name: 'Court Pro Paddle', slug: 'court-pro-paddle', price: '60.00', stock: 3 });

  async function openProduct() {
    fakeApi({
      'GET /api/products/court-pro-paddle': ok(paddle),
      'GET /api/site-settings': ok(siteSettings()),
      // the delivery line under the price (decision 062)
      'GET /api/shipping/promise': ok({ freeOverCents: 5000, cutoffTime: '14:00', dispatch: 'today', minBusinessDays: 2, maxBusinessDays: 4 }),
    });
    const view = renderInShop(
      <WithCart>
        <ProductPage id="court-pro-paddle" />
      </WithCart>,
      { path: '/products/court-pro-paddle' },
    );
    await screen.findByRole('heading', { name: 'Court Pro Paddle', level: 1 });
    return view;
  }

  it('adds the chosen quantity, then offers Update Cart from the cart quantity', async () => {
    const { user } = await openProduct();
    const stepper = within(screen.getByRole('group', { name: 'Quantity of Court Pro Paddle' }));
    expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('Subtotal:')).toHaveTextContent('Subtotal: $120.00');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await findDrawer()).toHaveAccessibleDescription('Court Pro Paddle has been added to your cart');
    expect(screen.getByRole('dialog')).toHaveTextContent('Quantity in cart: 2');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Update Cart' })).toBeInTheDocument();
    expect(screen.getByText('2 already in your cart')).toBeInTheDocument();
    expect(cartLines()).toMatchObject([{ quantity: 2 }]);
  });

  it('sets the cart to a lower quantity with Update Cart', async () => {
    const { user } = await openProduct();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await findDrawer();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await user.click(screen.getByRole('button', { name: 'Update Cart' }));

    expect(await findToast('Cart updated')).toHaveTextContent('Court Pro Paddle: 1 in your cart');
    expect(cartLines()).toMatchObject([{ quantity: 1 }]);
  });

  it('keeps the stepper within the stock', async () => {
    const { user } = await openProduct();
    const increase = screen.getByRole('button', { name: 'Increase quantity' });

    await user.click(increase);
    await user.click(increase);

    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    expect(increase).toBeDisabled();
  });
});
