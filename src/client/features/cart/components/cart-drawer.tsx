import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CheckCircle2, Truck } from 'lucide-react';
import { formatCents, toCents } from '#common/money.ts';
import { settingCents } from '#common/order-totals.ts';
import { physicalLines, shipsNothing } from '#common/physical-lines.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '#client/components/ui/sheet.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { cartTotalCents } from '../cart-rules.ts';
import { additionMessage, cartActions, useCart, useCartAddition } from '../cart-store.ts';
import { freeShippingProgress } from '../free-shipping.ts';

interface CartDrawerProps {
  /** where payments offer one, the express checkout button (composed in src/client/app) */
  expressCheckout?: ReactNode;
}

function FreeShippingBar({ subtotalCents }: { subtotalCents: number }) {
  const settings = useSiteSettings().data;
  const progress = freeShippingProgress(subtotalCents, settingCents(settings?.shippingCost), settingCents(settings?.freeShippingThreshold));
  if (!progress) return null;
  const label = progress.remainingCents > 0 ? `${formatCents(progress.remainingCents)} away from free shipping` : 'Your order ships free';
  return (
    <div className="grid gap-2 rounded-md bg-gray-50 px-4 py-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-gray-900">
        {progress.remainingCents > 0 ? (
          <Truck className="h-4 w-4 text-gray-600" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" />
        )}
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Progress to free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className={progress.remainingCents > 0 ? 'h-full bg-primary' : 'h-full bg-green-600'} style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The drawer "Add to Cart" opens (decision 041): the toast's words as its title and line, the line as it
 * now is in the cart, the way to free shipping, and the way on to the cart or checkout.
 */
export function CartDrawer({ expressCheckout }: CartDrawerProps) {
  const addition = useCartAddition();
  const cart = useCart();
  if (!addition) return null;
  const { product, variant } = addition;
  const quantity = cart.quantityOf(product.id, variant?.id);
  const unitCents = toCents(variant?.price ?? product.price);
  const image = variant?.imageUrl ?? product.imageUrl;

  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : cartActions.dismissAddition())}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          // back to the button that was pressed (the drawer has no trigger of its own)
          if (addition.returnFocusTo?.isConnected) {
            event.preventDefault();
            addition.returnFocusTo.focus();
          }
        }}
      >
        <div className="grid gap-5 px-5 pt-5 pb-6">
          <div className="pr-10">
            <SheetTitle className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />
              Added to Cart
            </SheetTitle>
            <SheetDescription className="mt-1 text-sm text-gray-700">{additionMessage(addition)}</SheetDescription>
          </div>

          <div className="flex gap-4 border-y border-gray-100 py-4">
            <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md border border-gray-200 bg-gray-50">
              {image ? <img src={image} alt="" width={80} height={80} className="h-full w-full object-contain" /> : null}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-gray-900">{product.name}</p>
              {variant ? <p className="text-gray-700">{variant.name}</p> : null}
              <p className="text-gray-700">Quantity in cart: {quantity}</p>
            </div>
            <p className="text-sm font-semibold text-gray-900 tabular-nums">{Number.isNaN(unitCents) ? '' : formatCents(unitCents * quantity)}</p>
          </div>

          {/* gift cards are e-mailed: they count toward no free shipping, and a cart of only them ships nothing (decision 066) */}
          {shipsNothing(cart.orderItems) ? null : <FreeShippingBar subtotalCents={cartTotalCents(physicalLines(cart.orderItems))} />}

          <div className="grid gap-3">
            <Link href="/checkout" className={buttonClasses('default', 'lg', 'w-full')} onClick={() => cartActions.dismissAddition()}>
              Check out
            </Link>
            {expressCheckout}
            <Link href="/cart" className={buttonClasses('outline', 'lg', 'w-full')} onClick={() => cartActions.dismissAddition()}>
              View cart
            </Link>
            <SheetClose className="cursor-pointer text-sm font-medium text-gray-700 underline underline-offset-2 hover:text-gray-900">
              Continue shopping
            </SheetClose>
          </div>
        </div>
      </SheetContent>
    </Sheet>
  );
}
