import { createContext, useContext, type ComponentType } from 'react';

/** What the product page knows of the purchase the shopper is about to make. */
export interface BuyNowLine {
  product: { id: number; name: string; price: string };
  /** the chosen variant of a product with several */
  variantId: number | null;
  quantity: number;
}

/**
 * Express checkout's "buy now" beside Add to Cart. The catalogue may not import checkout (eslint.config.js),
 * so src/client/app provides the wallet buttons through this context; without it the page shows none.
 */
type BuyNowSlot = ComponentType<{ line: BuyNowLine }>;

const BuyNowContext = createContext<BuyNowSlot | null>(null);

export const BuyNowProvider = BuyNowContext.Provider;

export function BuyNow({ line }: { line: BuyNowLine }) {
  const Slot = useContext(BuyNowContext);
  return Slot ? <Slot line={line} /> : null;
}
