import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ShoppingCart } from 'lucide-react';
import { formatCents } from '#common/money.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { cartItemCount, itemKey } from '../cart-rules.ts';
import { cartActions, useCart } from '../cart-store.ts';
import { CartItemRow } from '../components/cart-item-row.tsx';
import { linesFromReminder } from '../restore-cart.ts';

/**
 * /cart, titled "Your Cart". This page owns the Cart Items section; the Order Summary (coupon, totals and
 * "Proceed to Checkout" to /checkout) comes from features/checkout, composed in through `summary` by
 * src/client/app/routes/cart-route.tsx.
 */
export default function CartPage({ summary }: { summary?: ReactNode }) {
  const cart = useCart();
  useDocumentTitle('Your Cart');

  const restoreToken = new URLSearchParams(useSearch()).get('restore');
  const [, navigate] = useLocation();

  useEffect(() => {
    // an abandoned-checkout reminder's link puts its lines back first (decision 056), then the cart is re-read as always
    const restored = restoreToken
      ? linesFromReminder(restoreToken).then(
          (lines) => {
            cartActions.takeLines(lines);
            navigate('/cart', { replace: true });
          },
          () => toast({ title: 'Could not restore your cart', description: 'This link is not valid any more.', variant: 'destructive' }),
        )
      : Promise.resolve();
    restored
      .then(() => cartActions.refresh())
      .catch(() =>
        toast({
          title: 'Could not check your cart',
          description: 'Prices and stock could not be checked just now. Please reload the page.',
          variant: 'destructive',
        }),
      );
    // the link is read once, when the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Your Cart</h1>
        <ShoppingCart className="mx-auto mt-8 h-14 w-14 text-gray-400" aria-hidden="true" />
        <p className="mt-4 text-lg text-gray-700">Your cart is empty.</p>
        <Link href="/shop" className={buttonClasses('default', 'lg', 'mt-6')}>
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Your Cart</h1>
        <Link href="/shop" className="inline-flex min-h-11 items-center text-sm font-medium text-link hover:underline">
          Continue Shopping
        </Link>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="cart-items" className="rounded-lg border border-gray-200 bg-white px-4 shadow-sm sm:px-6">
          <h2 id="cart-items" className="border-b border-gray-100 py-4 text-lg font-semibold text-gray-900">
            Cart Items
          </h2>
          <ul className="divide-y divide-gray-100">
            {cart.items.map((item) => (
              <CartItemRow
                key={itemKey(item)}
                item={item}
                change={cart.changes.get(itemKey(item))}
                onQuantityChange={(quantity) => cart.updateQuantity(item.product.id, quantity, item.variant?.id)}
                onRemove={() => cart.removeItem(item.product.id, item.variant?.id)}
              />
            ))}
          </ul>
          <p className="flex justify-between border-t border-gray-100 py-4 text-base">
            <span className="text-gray-700">Items ({cartItemCount(cart.orderItems)})</span>
            <span className="font-semibold text-gray-900">{formatCents(cart.totalCents)}</span>
          </p>
        </section>

        {/* ---- the Order Summary (features/checkout, composed in src/client/app/routes/cart-route.tsx) ---- */}
        {summary && cart.orderItems.length > 0 ? <div className="lg:sticky lg:top-20">{summary}</div> : null}
      </div>
    </div>
  );
}
