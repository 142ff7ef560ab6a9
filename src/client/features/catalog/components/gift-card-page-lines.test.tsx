import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { product } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import { CartBridgeProvider } from './cart-bridge.tsx';
import { GIFT_CARD_DELIVERY, GiftCardDeliveryLine } from './delivery-line.tsx';
import { ProductCard } from './product-card.tsx';

// A gift card is e-mailed and never runs out in a shopper's eyes (decision 066, issue 33): its delivery line says
// so, and its card in a list shows no stock, where a paddle's does.

describe("a gift card's lines", () => {
  it('says it is e-mailed on the chosen day, with no shipping line', () => {
    renderInShop(<GiftCardDeliveryLine />);
    expect(screen.getByTestId('delivery-line')).toHaveTextContent(GIFT_CARD_DELIVERY);
    expect(screen.queryByText(/shipping|business days/i)).not.toBeInTheDocument();
  });

  it('shows no stock on its card in a list, where a paddle shows its own', () => {
    const cart = { quantityOf: vi.fn(() => 0), addItem: vi.fn(), updateQuantity: vi.fn() };
    const card = { ...product({ id: 41, name: 'Shop Gift Card', slug: 'shop-gift-card', price: '25.00', stock: 9999 }), variantCount: 3, giftCard: true };
    const paddle = { ...product({ id: 42, name: 'Court Paddle', slug: 'court-paddle', price: '90.00', stock: 50 }), variantCount: 1, giftCard: false };
    renderInShop(
      <CartBridgeProvider value={cart}>
        <ProductCard product={card} />
        <ProductCard product={paddle} />
      </CartBridgeProvider>,
    );
    const [giftArticle, paddleArticle] = screen.getAllByRole('article');
    expect(giftArticle).not.toHaveTextContent(/in stock|left|9999/i);
    expect(paddleArticle).toHaveTextContent('In stock');
  });
});
