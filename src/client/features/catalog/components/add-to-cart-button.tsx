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

  switch (state.kind) {
    case 'out-of-stock':
      return (
        <Button variant="destructive" className="w-full" disabled>
          Out of Stock
        </Button>
      );
    case 'max-in-cart':
      return (
        <Button variant="secondary" className="w-full" disabled>
          Max Stock in Cart
        </Button>
      );
    case 'in-cart':
      return (
        <Button variant="success" className="w-full" onClick={add}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {state.inCart} in cart
        </Button>
      );
    default:
      return (
        <div className="w-full">
          <Button className="w-full" onClick={add}>
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            <span className="md:hidden">Add</span>
            <span className="hidden md:inline">Add to Cart</span>
          </Button>
          <CartNeedsScript short />
        </div>
      );
  }
}
