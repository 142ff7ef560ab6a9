import { createContext, useContext, type ReactNode } from 'react';
import type { Product } from '#common/schemas/catalog.ts';
import type { GiftCardRecipient } from '#common/schemas/gift-card-shopper.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';

/**
 * What catalogue pages need from the cart. The catalogue may not import the cart feature
 * (eslint.config.js), so src/client/app provides the real cart through this context.
 */
export interface CartBridge {
  /** in the line of this variant, or of the product when bought without one */
  quantityOf(productId: number, variantId?: number | null): number;
  /** a gift card's line names its recipient (decision 066) */
  addItem(product: Product, quantity?: number, variant?: CartVariant | null, giftCard?: GiftCardRecipient): void;
  updateQuantity(productId: number, quantity: number, variantId?: number | null): void;
}

const CartBridgeContext = createContext<CartBridge | null>(null);

export function CartBridgeProvider({ value, children }: { value: CartBridge; children: ReactNode }) {
  return <CartBridgeContext.Provider value={value}>{children}</CartBridgeContext.Provider>;
}

export function useCartBridge(): CartBridge {
  const bridge = useContext(CartBridgeContext);
  if (!bridge) throw new Error('CartBridgeProvider is missing (src/client/app/providers.tsx provides it)');
  return bridge;
}
