import { lazy, Suspense, type ComponentProps } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import type { BuyNowLine } from '#client/features/catalog/components/buy-now-slot.tsx';

// Its own chunk, fetched after the page is up: the wallet buttons are never in a page's first load (decision 042)
const ExpressCheckout = lazy(() => import('#client/features/checkout/express/express-checkout.tsx'));

/**
 * Checkout's wallet buttons where another feature's page has a place for them (the cart page, the cart
 * drawer, /checkout, the product page): composed here, as no feature imports another. Drawn after
 * hydration only: the server knows neither the cart nor the shop's provider in the page it renders.
 */
export function ExpressCheckoutSlot(props: ComponentProps<typeof ExpressCheckout>) {
  const hydrated = useHydrated();
  if (!hydrated || props.lines.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ExpressCheckout {...props} />
    </Suspense>
  );
}

/** The product page's buy now: this product or variant alone, the cart left as it is. */
export function ProductBuyNowSlot({ line }: { line: BuyNowLine }) {
  return (
    <div className="max-w-sm">
      <ExpressCheckoutSlot lines={[line]} scope="item" />
    </div>
  );
}
