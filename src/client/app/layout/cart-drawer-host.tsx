import { lazy, Suspense } from 'react';
import { useCartAddition } from '#client/features/cart/cart-store.ts';

// fetched on the first "Add to Cart", like the toaster: the storefront's first load carries neither the drawer nor
// the wallet slot it composes, nor the wording of the lines it lists
const CartDrawerWithWallet = lazy(() => import('./cart-drawer-with-wallet.tsx').then((module) => ({ default: module.CartDrawerWithWallet })));

/**
 * The cart drawer, open while something was just added (decision 041). Composed in app/ so the drawer can hold
 * what other features offer (the express checkout button goes in its `expressCheckout` slot).
 */
export function CartDrawerHost() {
  const addition = useCartAddition();
  if (!addition) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawerWithWallet />
    </Suspense>
  );
}
