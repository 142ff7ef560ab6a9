import CartPage from '#client/features/cart/pages/cart-page.tsx';

/**
 * /cart: the cart feature's page with the checkout sections composed below the items.
 * Checkout (features/checkout) receives the cart from `useCart()` (features/cart/cart-store.ts)
 * as props here, so neither feature imports the other:
 *   const cart = useCart();
 *   return <CartPage checkout={<CheckoutSections cart={cart} />} />;
 */
export default function CartRoute() {
  return <CartPage />;
}
