import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { ShoppingCart } from 'lucide-react';
import type { BoughtTogetherItem } from '#common/schemas/bought-together.ts';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import { productPath } from '#common/slug.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useBoughtTogether } from '../api/get-bought-together.ts';
import { useCartBridge, type CartBridge } from './cart-bridge.tsx';
import { productPageAddRefusal } from './card-cart-rules.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';

/** True once `target` comes within 300 px of the screen (at once where IntersectionObserver is missing). */
function useNearScreen(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '300px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, near]);
  return near;
}

const priceOf = (item: BoughtTogetherItem) => item.variant?.price ?? item.price;
const nameOf = (item: BoughtTogetherItem) => (item.variant ? `${item.name} (${item.variant.name})` : item.name);

/** One unit of the item's variant into the cart, or the reason it cannot go (sold out meanwhile, all of it in the cart). */
function addOne(cart: CartBridge, item: BoughtTogetherItem): string | null {
  const { variant, reason: _reason, ...product } = item;
  const refusal = productPageAddRefusal({ stock: variant ? variant.stock : product.stock }, cart.quantityOf(product.id, variant?.id ?? null), 1);
  if (refusal) return refusal;
  cart.addItem(product, 1, variant);
  return null;
}

function Item({ item, onAdd }: { item: BoughtTogetherItem; onAdd: () => void }) {
  const href = productPath(item);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <Link href={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage src={item.variant?.imageUrl ?? item.imageUrl} alt="" width={80} height={80} sizes="80px" className="h-20 w-20 rounded" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link href={href} className="flex min-h-11 items-center font-semibold text-gray-900 hover:text-link hover:underline md:min-h-0">
          {item.name}
        </Link>
        {item.variant ? <p className="truncate text-sm text-gray-600">{item.variant.name}</p> : null}
        <p className="text-sm font-semibold text-gray-900">
          <span className="sr-only">Price: </span>
          {formatPrice(priceOf(item))}
        </p>
      </div>
      {/* a gift card needs its recipient, asked on its page (decision 066) */}
      {item.giftCard ? (
        <Link href={href} className={buttonClasses('outline', 'sm')}>
          Choose amount<span className="sr-only"> of {item.name}</span>
        </Link>
      ) : (
        <Button size="sm" variant="outline" onClick={onAdd}>
          <ShoppingCart className="h-4 w-4" aria-hidden="true" />
          Add<span className="sr-only"> {nameOf(item)} to cart</span>
        </Button>
      )}
    </li>
  );
}

/**
 * "Frequently bought together" (decision 068): up to three products from the same paid orders (or, while
 * that history is thin, other types' bestsellers, headed "Pairs well with"), each added with one tap, or
 * all of them at once for the total shown. Read when the row comes near the screen, below the page's own
 * purchase block, so it never competes with the page's first paint.
 */
export function BoughtTogether({ productId }: { productId: number }) {
  const marker = useRef<HTMLDivElement>(null);
  const near = useNearScreen(marker);
  const { data: items } = useBoughtTogether(productId, near);
  const cart = useCartBridge();

  function add(list: BoughtTogetherItem[]) {
    const refused = list.flatMap((item) => {
      const refusal = addOne(cart, item);
      return refusal ? [`${nameOf(item)}: ${refusal}`] : [];
    });
    if (refused.length > 0) toast({ title: 'Cannot add to cart', description: refused.join('; '), variant: 'destructive' });
  }

  const history = items?.some((item) => item.reason === 'bought_together') ?? false;
  // "Add all" adds what one tap can: a gift card waits for its recipient on its own page
  const addable = (items ?? []).filter((item) => !item.giftCard);
  const total = addable.reduce((sum, item) => sum + toCents(priceOf(item)), 0);
  return (
    <div ref={marker} className="mt-12 min-h-px">
      {items && items.length > 0 ? (
        <section aria-labelledby="bought-together" data-testid="bought-together">
          <h2 id="bought-together" className="mb-4 text-xl font-bold text-gray-900">
            {history ? 'Frequently bought together' : 'Pairs well with'}
          </h2>
          <ul className="grid gap-3 md:grid-cols-3">
            {items.map((item) => (
              <Item key={item.id} item={item} onAdd={() => add([item])} />
            ))}
          </ul>
          {addable.length > 1 ? (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <p className="text-sm text-gray-700">
                Total for all {addable.length}: <span className="font-semibold text-gray-900">{formatCents(total)}</span>
              </p>
              <Button onClick={() => add(addable)}>
                <ShoppingCart className="h-4 w-4" aria-hidden="true" />
                Add all {addable.length} to cart
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
