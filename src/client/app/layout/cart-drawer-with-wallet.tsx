import { CartDrawer } from '#client/features/cart/components/cart-drawer.tsx';
import { useCart } from '#client/features/cart/cart-store.ts';
import { checkoutLine } from '#client/features/cart/cart-lines.ts';
import { ExpressCheckoutSlot } from '../routes/express-checkout-slot.tsx';

/** The drawer with checkout's wallet buttons in its slot: one chunk, fetched on the first "Add to Cart" (cart-drawer-host.tsx). */
export function CartDrawerWithWallet() {
  const cart = useCart();
  return <CartDrawer expressCheckout={<ExpressCheckoutSlot lines={cart.orderItems.map((item) => checkoutLine(item))} scope="cart" />} />;
}
