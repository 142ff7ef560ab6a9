import { useEffect, useState, type RefObject } from 'react';
import { ShoppingCart } from 'lucide-react';
import type { Product } from '#common/schemas/catalog.ts';
import { formatPrice } from '#common/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import { useCartBridge } from './cart-bridge.tsx';
import { productPageAddRefusal } from './card-cart-rules.ts';

/**
 * True once `target` has scrolled up out of view, and false again while the page's footer shows, so the
 * bar never covers the footer's links (decision 062). Both are watched by IntersectionObserver: no scroll handler.
 */
function usePastAndBeforeFooter(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  const [footerShows, setFooterShows] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // only scrolled above the screen counts: below it (a short screen), the shopper has not reached it yet. The
    // root reaches far below the screen, so a jump from below the screen to above it (an anchor, a search's
    // scroll, a scroll restored) crosses its edge and is reported; with the bare screen it would not be.
    const buy = new IntersectionObserver(([entry]) => setPast(entry !== undefined && !entry.isIntersecting && entry.boundingClientRect.top < 0), {
      rootMargin: '0px 0px 100000px 0px',
    });
    buy.observe(element);
    const footer = document.querySelector('footer');
    const bottom = new IntersectionObserver(([entry]) => setFooterShows(entry?.isIntersecting ?? false));
    if (footer) bottom.observe(footer);
    return () => {
      buy.disconnect();
      bottom.disconnect();
    };
  }, [target]);
  return past && !footerShows;
}

/**
 * Phones only (below md): name, chosen variant, price and an Add to cart for that variant, shown once the
 * page's own Add to cart has scrolled away. Sold out or nothing chosen, the button is disabled and says why.
 */
export function StickyBuyBar({
  product,
  variant,
  needsChoice,
  watch,
}: {
  product: Product;
  variant: CartVariant | null;
  /** the product has variants but none is chosen */
  needsChoice: boolean;
  watch: RefObject<HTMLElement | null>;
}) {
  const cart = useCartBridge();
  const shown = usePastAndBeforeFooter(watch);
  if (!shown) return null;
  const stock = variant ? variant.stock : product.stock;
  const price = variant ? variant.price : product.price;
  const reason = needsChoice ? 'Choose an option' : stock <= 0 ? 'Sold out' : null;

  function add() {
    const refusal = productPageAddRefusal({ stock }, cart.quantityOf(product.id, variant?.id ?? null), 1);
    if (refusal) {
      toast({ title: 'Cannot add to cart', description: refusal, variant: 'destructive' });
      return;
    }
    cart.addItem(product, 1, variant);
  }

  return (
    <aside
      aria-label="Buy"
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-2 shadow-lg backdrop-blur md:hidden print:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-gray-900">{product.name}</p>
          <p className="truncate text-sm text-gray-700">
            {variant ? <span>{variant.name} · </span> : null}
            <span className="font-semibold text-gray-900">{formatPrice(price)}</span>
          </p>
        </div>
        <Button onClick={add} disabled={reason !== null} aria-describedby={reason ? 'sticky-buy-reason' : undefined}>
          <ShoppingCart className="h-4 w-4" aria-hidden="true" />
          Add to cart
        </Button>
      </div>
      {reason ? (
        <p id="sticky-buy-reason" className="mt-1 text-right text-xs text-gray-700">
          {reason}
        </p>
      ) : null}
    </aside>
  );
}
