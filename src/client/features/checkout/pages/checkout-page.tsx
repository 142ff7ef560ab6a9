import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ShoppingCart } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Skeleton, SkeletonRegion } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { CheckoutForm, type CheckoutCart } from '../components/checkout-form.tsx';

interface CheckoutPageProps {
  /** the cart feature's store, handed in by src/client/app/routes/checkout-route.tsx */
  cart: CheckoutCart;
  /** the wallet buttons' place at the top of the page (express checkout), composed in by the route */
  expressCheckout?: ReactNode;
}

/**
 * /checkout. The cart lives in the browser's storage, so the server (and hydration) draw the page's
 * frame with placeholders; the form, or the empty cart, follows at once in the browser.
 */
export default function CheckoutPage({ cart, expressCheckout }: CheckoutPageProps) {
  useDocumentTitle('Checkout');
  const hydrated = useHydrated();
  const { refresh } = cart;

  useEffect(() => {
    // prices and stock in local storage may be days old: the order is shown at the shop's current ones
    refresh().catch(() =>
      toast({
        title: 'Could not check your cart',
        description: 'Prices and stock could not be checked just now. Please reload the page.',
        variant: 'destructive',
      }),
    );
  }, [refresh]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Checkout</h1>
        <Link href="/cart" className="inline-flex min-h-11 items-center text-sm font-medium text-link hover:underline">
          Return to Cart
        </Link>
      </div>
      {/* at least a screen tall, placeholders or not: the footer stays below the fold while the browser swaps them
          for the form or the empty cart, so nothing the shopper sees moves (layout shift) */}
      <div className="mt-6 min-h-svh">
        {!hydrated ? (
          <CheckoutPlaceholder />
        ) : cart.items.length === 0 ? (
          <NothingToCheckOut soldOutLines={cart.soldOutLines} />
        ) : (
          <CheckoutForm cart={cart} expressCheckout={expressCheckout} />
        )}
      </div>
    </div>
  );
}

function NothingToCheckOut({ soldOutLines }: { soldOutLines: number }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <ShoppingCart className="mx-auto h-14 w-14 text-gray-400" aria-hidden="true" />
      {soldOutLines > 0 ? (
        <>
          <p className="mt-4 text-lg text-gray-700">Nothing in your cart is in stock right now.</p>
          <Link href="/cart" className={buttonClasses('default', 'lg', 'mt-6')}>
            Return to Cart
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-lg text-gray-700">Your cart is empty.</p>
          <Link href="/shop" className={buttonClasses('default', 'lg', 'mt-6')}>
            Continue Shopping
          </Link>
        </>
      )}
    </div>
  );
}

function CheckoutPlaceholder() {
  return (
    <SkeletonRegion label="Loading checkout" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <Skeleton className="h-14 lg:col-start-2 lg:row-start-1 lg:h-96" />
      <div className="grid gap-6 lg:col-start-1 lg:row-start-1">
        <Skeleton className="h-40" />
        <Skeleton className="h-96" />
        <Skeleton className="h-32" />
      </div>
    </SkeletonRegion>
  );
}
