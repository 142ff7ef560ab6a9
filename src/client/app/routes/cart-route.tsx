import CartPage from '#client/features/cart/pages/cart-page.tsx';
import { useCart } from '#client/features/cart/cart-store.ts';
import { checkoutLine } from '#client/features/cart/cart-lines.ts';
import CartSummary from '#client/features/checkout/components/cart-summary.tsx';
import { ExpressCheckoutSlot } from './express-checkout-slot.tsx';

/**
 * /cart: the cart feature's page with checkout's Order Summary (coupon, totals, "Proceed to Checkout") beside the
 * items, and express checkout's wallet below it. Checkout (features/checkout) receives the lines from `useCart()` here, so neither feature imports the other.
 */
export default function CartRoute() {
  const cart = useCart();
  const lines = cart.orderItems.map((item) => checkoutLine(item));
  return (
    <CartPage
      summary={
        <div className="grid gap-4">
          <CartSummary lines={lines} />
          <ExpressCheckoutSlot lines={lines} scope="cart" />
        </div>
      }
    />
  );
}
