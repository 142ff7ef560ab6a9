import CheckoutPage from '#client/features/checkout/pages/checkout-page.tsx';
import { useCart } from '#client/features/cart/cart-store.ts';
import { itemKey } from '#client/features/cart/cart-rules.ts';
import { checkoutLine } from '#client/features/cart/cart-lines.ts';
import { ExpressCheckoutSlot } from './express-checkout-slot.tsx';

/**
 * /checkout: checkout's page given the cart feature's store (`useCart()`), so neither feature imports the
 * other; it sees the lines the order is made of, each with what the shop changed since it was added.
 * Express checkout's wallet buttons are handed to the page's `expressCheckout` place from here.
 */
export default function CheckoutRoute() {
  const cart = useCart();
  const items = cart.orderItems.map((item) => checkoutLine(item, cart.changes.get(itemKey(item))));
  return (
    <CheckoutPage
      expressCheckout={<ExpressCheckoutSlot lines={items} scope="cart" />}
      cart={{
        items,
        soldOutLines: cart.items.length - cart.orderItems.length,
        clear: cart.clear,
        refresh: cart.refresh,
      }}
    />
  );
}
