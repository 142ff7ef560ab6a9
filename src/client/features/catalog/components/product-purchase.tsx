import { useState } from 'react';
import { RefreshCw, ShoppingCart } from 'lucide-react';
import type { Product } from '#common/schemas/catalog.ts';
import { formatCents, toCents } from '#common/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import { BuyNow } from './buy-now-slot.tsx';
import { useCartBridge } from './cart-bridge.tsx';
import { clampQuantity, productPageAddRefusal } from './card-cart-rules.ts';
import { CartNeedsScript } from './cart-needs-script.tsx';
import { emptyRecipient, GiftCardRecipientFields, isGiftCardProduct, readRecipient, type RecipientDraft } from './gift-card-recipient-fields.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

/**
 * Product page: quantity stepper, "Add to Cart" or (already in the cart)
 * a green "Update Cart" whose quantity starts from the cart's, a subtotal above 1.
 * Sold out, a disabled "Out of Stock" as the product cards show it. For a product with several
 * variants all of it is about the chosen variant (`variant`), a cart line of its own.
 */
export function ProductPurchase({ product, variant = null }: { product: Product; variant?: CartVariant | null }) {
  const cart = useCartBridge();
  const variantId = variant?.id ?? null;
  const stock = variant ? variant.stock : product.stock;
  const name = variant ? `${product.name} (${variant.name})` : product.name;
  const inCart = cart.quantityOf(product.id, variantId);
  const [quantity, setQuantity] = useState(() => clampQuantity(inCart || 1, stock));
  const unitCents = toCents(variant ? variant.price : product.price);
  const subtotal = (Number.isNaN(unitCents) ? 0 : unitCents) * quantity;
  // a gift card names who it is for before it goes in the cart
  const giftCard = isGiftCardProduct(product);
  const [recipient, setRecipient] = useState<RecipientDraft>(emptyRecipient);
  const [recipientProblems, setRecipientProblems] = useState<Partial<Record<keyof RecipientDraft, string>>>({});

  if (stock <= 0) {
    return (
      <Button variant="destructive" size="lg" className="self-start" disabled>
        Out of Stock
      </Button>
    );
  }

  async function submit() {
    let chosenRecipient;
    if (giftCard) {
      const read = await readRecipient(recipient);
      if ('problems' in read) {
        setRecipientProblems(read.problems);
        return;
      }
      setRecipientProblems({});
      chosenRecipient = read.recipient;
    }
    try {
      // "Update Cart" sets the cart to the chosen quantity: only an increase is an addition the stock must cover
      const requested = inCart > 0 ? quantity - inCart : quantity;
      if (requested > 0) {
        const refusal = productPageAddRefusal({ stock }, inCart, Math.max(requested, 1));
        if (refusal) {
          toast({ title: 'Cannot add to cart', description: refusal, variant: 'destructive' });
          return;
        }
      }
      if (requested > 0) cart.addItem(product, requested, variant, chosenRecipient);
      else {
        cart.updateQuantity(product.id, quantity, variantId);
        toast({ title: 'Cart updated', description: `${name}: ${quantity} in your cart`, duration: 3000 });
      }
    } catch (error) {
      console.error(error);
      toast({ title: 'Error', description: 'Failed to update cart', variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-4">
      {giftCard ? (
        <GiftCardRecipientFields
          draft={recipient}
          problems={recipientProblems}
          onChange={(draft, field) => {
            setRecipient(draft);
            setRecipientProblems(({ [field]: _fixed, ...others }) => others);
          }}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper value={quantity} max={stock} onChange={setQuantity} label={`Quantity of ${name}`} />
        {inCart > 0 ? (
          <Button variant="success" size="lg" onClick={() => void submit()}>
            <RefreshCw className="h-5 w-5" aria-hidden="true" />
            Update Cart
          </Button>
        ) : (
          <Button size="lg" onClick={() => void submit()}>
            <ShoppingCart className="h-5 w-5" aria-hidden="true" />
            Add to Cart
          </Button>
        )}
      </div>
      {/* a wallet's buy now cannot carry the recipient */}
      {giftCard ? null : (
        <BuyNow line={{ product: { id: product.id, name: product.name, price: variant ? variant.price : product.price }, variantId, quantity }} />
      )}
      <CartNeedsScript />
      {inCart > 0 ? <p className="text-sm text-gray-600">{inCart} already in your cart</p> : null}
      {quantity > 1 ? (
        <p className="text-sm text-gray-700">
          Subtotal: <span className="font-semibold text-gray-900">{formatCents(subtotal)}</span>
        </p>
      ) : null}
    </div>
  );
}
