import { Check, ShoppingCart } from 'lucide-react';
import type { Product } from '#common/schemas/catalog.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCartBridge } from './cart-bridge.tsx';
import { cardAddRefusal, cardButtonState } from './card-cart-rules.ts';
import { CartNeedsScript } from './cart-needs-script.tsx';

/** Product card button: Out of Stock / {n} in cart / Max Stock in Cart / Add to Cart ("Add" on mobile). */
export function AddToCartButton({ product }: { product: Product }) {
  const cart = useCartBridge();
  const inCart = cart.quantityOf(product.id);
  const state = cardButtonState(product, inCart);

  function add() {
    const refusal = cardAddRefusal(product, cart.quantityOf(product.id));
    if (refusal) {
      // Refused silently, logged only
      console.warn(`Not added to cart (${product.name}): ${refusal}`);
      return;
    }
    cart.addItem(product, 1);
  }

  // one button whatever the state, so focus stays on it (and the cart drawer can hand it back) as its label changes
  const disabled = state.kind === 'out-of-stock' || state.kind === 'max-in-cart';
  const variant = state.kind === 'out-of-stock' ? 'destructive' : state.kind === 'max-in-cart' ? 'secondary' : state.kind === 'in-cart' ? 'success' : 'default';
  return (
    <div className="w-full">
      <Button variant={variant} className="w-full" disabled={disabled} onClick={disabled ? undefined : add}>
        {state.kind === 'out-of-stock' ? (
          'Out of Stock'
        ) : state.kind === 'max-in-cart' ? (
          'Max Stock in Cart'
        ) : state.kind === 'in-cart' ? (
          <>
            <Check className="h-4 w-4" aria-hidden="true" />
            {state.inCart} in cart
          </>
        ) : (
          <>
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            <span className="md:hidden">Add</span>
            <span className="hidden md:inline">Add to Cart</span>
          </>
        )}
      </Button>
      {state.kind === 'add' ? <CartNeedsScript short /> : null}
    </div>
  );
}
