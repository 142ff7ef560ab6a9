import { Link } from 'wouter';
import { ImageOff, Minus, Plus, Trash2 } from 'lucide-react';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import { thumbnailUrl } from '#common/images.ts';
import { productPath } from '#common/slug.ts';
import { Button } from '#client/components/ui/button.tsx';
import { QuantityInput } from '#client/components/ui/quantity-input.tsx';
import { isSoldOut, lineImage, linePrice, lineStock, type CartItem, type LineChange } from '../cart-rules.ts';
import { lineNotes } from '../cart-lines.ts';

interface CartItemRowProps {
  item: CartItem;
  /** what re-reading the line from the shop changed, told on the line itself */
  change: LineChange | undefined;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * Cart items: image, name, unit price, minus (disabled at 1), number input, plus (disabled at stock), remove.
 * A sold-out line stays, marked and without a line total, since it is not part of the order.
 */
export function CartItemRow({ item, change, onQuantityChange, onRemove }: CartItemRowProps) {
  const { product, variant, quantity } = item;
  const soldOut = isSoldOut(item);
  const price = linePrice(item);
  const stock = lineStock(item);
  const unitCents = toCents(price);
  const lineCents = (Number.isNaN(unitCents) ? 0 : unitCents) * quantity;
  const notes = lineNotes(item, change);
  const image = thumbnailUrl(lineImage(item)) ?? lineImage(item);
  // a variant's line opens its product page on that variant
  // a cart saved before products had slugs holds none: the id opens the same page
  const path = product.slug ? productPath(product) : `/products/${product.id}`;
  const href = variant ? `${path}?variant=${variant.id}` : path;
  const label = variant ? `${product.name} (${variant.name})` : product.name;

  return (
    <li className="flex gap-4 py-5">
      <Link href={href} className="shrink-0 self-start overflow-hidden rounded-md border border-gray-200 bg-gray-100" tabIndex={-1} aria-hidden="true">
        {image ? (
          <img src={image} alt="" width={96} height={96} loading="lazy" className="h-20 w-20 object-cover sm:h-24 sm:w-24" />
        ) : (
          <span className="flex h-20 w-20 items-center justify-center sm:h-24 sm:w-24">
            <ImageOff className="h-6 w-6 text-gray-400" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold text-gray-900">
            <Link href={href} className="inline-flex min-h-11 items-center hover:text-link hover:underline">
              {product.name}
            </Link>
          </h3>
          {variant ? <p className="mt-0.5 text-sm text-gray-700">{variant.name}</p> : null}
          <p className="mt-1 text-sm text-gray-600">{formatPrice(price)} each</p>
          {notes.length > 0 ? (
            <ul className={`mt-2 grid gap-1 rounded-md px-3 py-2 text-sm ${soldOut ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-950'}`}>
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:justify-end">
          {soldOut ? null : (
            <div className="inline-flex items-center rounded-md border border-gray-300 bg-white" role="group" aria-label={`Quantity of ${label}`}>
              <Button variant="ghost" size="icon" aria-label="Decrease quantity" disabled={quantity <= 1} onClick={() => onQuantityChange(quantity - 1)}>
                <Minus className="h-4 w-4" aria-hidden="true" />
              </Button>
              <QuantityInput value={quantity} max={stock} label="Quantity" onChange={onQuantityChange} className="h-11 md:h-10" />
              <Button variant="ghost" size="icon" aria-label="Increase quantity" disabled={quantity >= stock} onClick={() => onQuantityChange(quantity + 1)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          )}
          <p className="w-24 text-right font-semibold text-gray-900">{soldOut ? 'Sold out' : formatCents(lineCents)}</p>
          <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={onRemove} className="text-gray-600 hover:text-red-700">
            <Trash2 className="h-5 w-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
