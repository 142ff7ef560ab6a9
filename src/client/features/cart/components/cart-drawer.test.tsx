import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_URL } from '#client/lib/site-settings.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { product, siteSettings } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import { cartActions } from '../cart-store.ts';
import { CartDrawer } from './cart-drawer.tsx';

// The drawer "Add to Cart" opens (decision 041), driven by the cart store as the catalogue's buttons drive it.

const variant = { id: 7, name: '16 mm / 4 1/4 in', sku: 'CPP-16', price: '75.50', stock: 4, imageUrl: '/uploads/cpp-16.webp' };

beforeEach(() => cartActions.clear());

describe('the cart drawer', () => {
  it('stays closed until something is added', () => {
    fakeApi({});
    renderInShop(<CartDrawer />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the variant added: its picture, options, the quantity in the cart and the line’s price, and the express slot', async () => {
    fakeApi({ 'GET /api/site-settings': ok(siteSettings()) });
    const { user } = renderInShop(<CartDrawer expressCheckout={<button type="button">Pay with wallet</button>} />);
    cartActions.addItem(product(), 2, variant);

    const drawer = await screen.findByRole('dialog', { name: 'Added to Cart' });
    expect(drawer).toHaveAccessibleDescription('Court Pro Paddle (16 mm / 4 1/4 in) has been added to your cart');
    expect(drawer.querySelector('img')).toHaveAttribute('src', '/uploads/cpp-16.webp');
    expect(drawer).toHaveTextContent('16 mm / 4 1/4 in');
    expect(drawer).toHaveTextContent('Quantity in cart: 2');
    expect(drawer).toHaveTextContent('$151.00');
    // $151.00 is over the fixture shop's $100.00
    expect(await within(drawer).findByText('Your order ships free')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Pay with wallet' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Continue shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no free-shipping bar when the shop charges no shipping', async () => {
    fakeApi({});
    const { queryClient } = renderInShop(<CartDrawer />);
    // the settings read already answered, so the drawer decides on them as it opens
    queryClient.setQueryData([SITE_SETTINGS_URL], siteSettings({ shippingCost: null }));
    cartActions.addItem(product(), 1);

    const drawer = await screen.findByRole('dialog', { name: 'Added to Cart' });
    expect(within(drawer).getByRole('link', { name: 'Check out' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('progressbar')).not.toBeInTheDocument();

    // the same shop with a shipping cost shows the bar: the absence above is the rule, not a slow read
    queryClient.setQueryData([SITE_SETTINGS_URL], siteSettings());
    expect(await within(drawer).findByRole('progressbar')).toBeInTheDocument();
  });
});
