import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import CartPage from '#client/features/cart/pages/cart-page.tsx';
import { useCart } from '#client/features/cart/cart-store.ts';
import { checkoutLine } from '#client/features/cart/cart-rules.ts';

// the checkout sections are their own chunk: the cart's items show while they load
const CheckoutSections = lazy(() => import('#client/features/checkout/components/checkout-sections.tsx'));

/**
 * /cart: the cart feature's page with the checkout sections composed below the items.
 * Checkout (features/checkout) receives the cart from `useCart()` (features/cart/cart-store.ts)
 * as props here, so neither feature imports the other; it sees only the lines the order is made of.
 */
export default function CartRoute() {
  const cart = useCart();
  return (
    <CartPage
      checkout={
        <Suspense fallback={<Spinner label="Loading checkout" />}>
          <CheckoutSections cart={{ items: cart.orderItems.map(checkoutLine), clear: cart.clear, refresh: cart.refresh }} />
        </Suspense>
      }
    />
  );
}
