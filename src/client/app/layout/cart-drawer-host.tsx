import { lazy, Suspense } from 'react';
import { useCart, useCartAddition } from '#client/features/cart/cart-store.ts';
import { checkoutLine } from '#client/features/cart/cart-rules.ts';
import { ExpressCheckoutSlot } from '../routes/express-checkout-slot.tsx';

// fetched on the first "Add to Cart", like the toaster: the storefront's first load does not carry it
const CartDrawer = lazy(() => import('#client/features/cart/components/cart-drawer.tsx').then((module) => ({ default: module.CartDrawer })));

/**
 * The cart drawer, open while something was just added (decision 041). Composed here so the drawer can hold
 * what other features offer (the express checkout button goes in its `expressCheckout` slot).
 */
export function CartDrawerHost() {
  const addition = useCartAddition();
  const cart = useCart();
  if (!addition) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer expressCheckout={<ExpressCheckoutSlot lines={cart.orderItems.map((item) => checkoutLine(item))} scope="cart" />} />
    </Suspense>
  );
}
