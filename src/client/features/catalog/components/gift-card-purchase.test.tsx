import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { product } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import { CartBridgeProvider } from './cart-bridge.tsx';
import { localToday } from './gift-card-recipient-fields.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductPurchase } from './product-purchase.tsx';

// A gift card's product page (decision 066): the shopper names the recipient, a message and the day before the
// card goes in the cart; the line carries them to checkout. Any other product shows no such fields.

const giftCard = { ...product({ id: 40, name: 'Gift Card', price: '25.00', stock: 1000 }), productType: { id: 9, slug: 'gift-card', name: 'Gift Card' } };
const variant = { id: 401, name: '$50', sku: 'GIFT-50', price: '50.00', stock: 1000, imageUrl: null };

function open(item = giftCard) {
  const cart = { quantityOf: vi.fn(() => 0), addItem: vi.fn(), updateQuantity: vi.fn() };
  const view = renderInShop(
    <CartBridgeProvider value={cart}>
      <ProductPurchase product={item} variant={variant} />
    </CartBridgeProvider>,
  );
  return { ...view, cart };
}

describe('buying a gift card on its product page', () => {
  it('asks who it is for before it goes in the cart, then adds it with the recipient and day', async () => {
    const { user, cart } = open();
    expect(screen.getByLabelText('Send on')).toHaveValue(localToday());
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    // the form's schema loads when it is first used (decision 068): its answer comes after the click
    await waitFor(() => expect(screen.getByLabelText('Recipient name')).toHaveAccessibleDescription("Enter the recipient's name"));
    expect(screen.getByLabelText('Recipient e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(cart.addItem).not.toHaveBeenCalled();

    await fillIn(user, screen.getByLabelText('Recipient name'), 'Robin Rally');
    // a field's problem goes once it is changed; the others stay until the next try
    expect(screen.getByLabelText('Recipient name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Recipient e-mail')).toHaveAttribute('aria-invalid', 'true');
    await fillIn(user, screen.getByLabelText('Recipient e-mail'), 'robin@example.com');
    await fillIn(user, screen.getByLabelText('Message (optional)'), 'Happy birthday!');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cart.addItem).toHaveBeenCalled());
    expect(cart.addItem).toHaveBeenCalledWith(giftCard, 1, variant, {
      recipientName: 'Robin Rally',
      recipientEmail: 'robin@example.com',
      message: 'Happy birthday!',
      deliverOn: localToday(),
    });
  });

  it('refuses a day before today', async () => {
    const { user, cart } = open();
    const day = screen.getByLabelText('Send on');
    await user.clear(day);
    await fillIn(user, day, '2020-01-01');
    await fillIn(user, screen.getByLabelText('Recipient name'), 'Robin Rally');
    await fillIn(user, screen.getByLabelText('Recipient e-mail'), 'robin@example.com');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByLabelText('Send on')).toHaveAccessibleDescription('The gift card can be sent today or on a later day'));
    expect(cart.addItem).not.toHaveBeenCalled();
  });

  it('shows no recipient fields for another product', () => {
    open({ ...giftCard, productType: { id: 2, slug: 'accessories', name: 'Accessories' } });
    expect(screen.queryByRole('group', { name: 'Who is it for?' })).not.toBeInTheDocument();
  });
});

describe('a gift card in a list', () => {
  it('links its card to its page to choose the amount, where a product of one variant has a one-tap Add', () => {
    const cart = { quantityOf: vi.fn(() => 0), addItem: vi.fn(), updateQuantity: vi.fn() };
    const card = { ...product({ id: 41, name: 'Shop Gift Card', slug: 'shop-gift-card', price: '25.00', stock: 1000 }), variantCount: 1, giftCard: true };
    const paddle = { ...product({ id: 42, name: 'Court Paddle', slug: 'court-paddle', price: '90.00', stock: 5 }), variantCount: 1, giftCard: false };
    renderInShop(
      <CartBridgeProvider value={cart}>
        <ProductCard product={card} />
        <ProductCard product={paddle} />
      </CartBridgeProvider>,
    );
    expect(screen.getByRole('link', { name: 'Choose amount of Shop Gift Card' })).toHaveAttribute('href', '/products/shop-gift-card');
    expect(screen.getAllByRole('button', { name: /Add/ })).toHaveLength(1);
  });
});
