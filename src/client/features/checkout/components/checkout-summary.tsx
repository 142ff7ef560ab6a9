import { useId, useState } from 'react';
import { ChevronDown, ImageOff } from 'lucide-react';
import { thumbnailUrl } from '#common/images.ts';
import { formatCents } from '#common/money.ts';
import type { CouponResult, TaxResult } from '#common/schemas/checkout.ts';
import type { DiscountPreview } from '#common/schemas/discounts.ts';
import { cn } from '#client/lib/cn.ts';
import { priceCentsOf, type CheckoutLine } from '../checkout-rules.ts';
import type { CheckoutTotals } from '../checkout-totals.ts';
import type { AppliedGiftCard, GiftCardTender } from '../gift-card-tender.ts';
import { CouponBox } from './coupon-box.tsx';
import { GiftCardBox } from './gift-card-box.tsx';
import { GiftCardLines } from './gift-card-lines.tsx';
import { OrderSummary } from './order-summary.tsx';

interface CheckoutSummaryProps {
  lines: readonly CheckoutLine[];
  totals: CheckoutTotals;
  /** the server's discounts, each with why (decision 058) */
  discounts?: DiscountPreview['discounts'];
  coupon: CouponResult | null;
  onCouponChange: (coupon: CouponResult | null) => void;
  tax: TaxResult | null;
  isCalculatingTax: boolean;
  /** a cart of gift cards alone: no tax is charged, and none is asked for */
  untaxed?: boolean;
  giftCards: {
    cards: readonly AppliedGiftCard[];
    tender: GiftCardTender;
    onApplied: (card: AppliedGiftCard) => void;
    onRemoved: (code: string) => void;
  };
}

/**
 * The order beside the form on wide screens; on phones a bar at the top ("Show order summary" and the
 * total) that opens it, so the form starts on the first screen. One copy of it in the page either way.
 */
export function CheckoutSummary({ lines, totals, discounts, coupon, onCouponChange, tax, isCalculatingTax, untaxed = false, giftCards }: CheckoutSummaryProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-labelledby="checkout-summary" className="rounded-lg border border-gray-200 bg-white shadow-sm lg:sticky lg:top-20">
      <h2 id="checkout-summary" className="sr-only lg:not-sr-only lg:block lg:px-6 lg:pt-6 lg:text-lg lg:font-semibold lg:tracking-tight">
        Order Summary
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary lg:hidden"
      >
        <span className="flex items-center gap-1.5 font-medium text-link">
          {open ? 'Hide order summary' : 'Show order summary'}
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </span>
        <span className="text-lg font-bold text-gray-900 tabular-nums">{formatCents(giftCards.tender.leftToPayCents)}</span>
      </button>
      <div id={panelId} className={cn('gap-5 border-t border-gray-100 px-4 py-4 lg:grid lg:border-0 lg:px-6 lg:pb-6', open ? 'grid' : 'hidden')}>
        <ul className="grid gap-4" aria-label="Items in your order">
          {lines.map((line) => (
            <SummaryLine key={`${line.product.id}.${line.variantId ?? ''}`} line={line} />
          ))}
        </ul>
        <CouponBox coupon={coupon} onApplied={onCouponChange} onRemoved={() => onCouponChange(null)} />
        <GiftCardBox cards={giftCards.cards} tender={giftCards.tender} onApplied={giftCards.onApplied} onRemoved={giftCards.onRemoved} />
        <OrderSummary
          totals={totals}
          discounts={discounts}
          couponCode={coupon?.code ?? null}
          tax={tax}
          taxPending={untaxed ? 'None on gift cards' : isCalculatingTax ? 'Calculating…' : 'Not calculated yet'}
        />
        <GiftCardLines tender={giftCards.tender} />
      </div>
    </section>
  );
}

function SummaryLine({ line }: { line: CheckoutLine }) {
  const image = thumbnailUrl(line.imageUrl) ?? line.imageUrl ?? null;
  return (
    <li className="flex items-start gap-3">
      <span className="relative shrink-0">
        {image ? (
          <img src={image} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-md border border-gray-200 bg-gray-100 object-cover" />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-md border border-gray-200 bg-gray-100">
            <ImageOff className="h-5 w-5 text-gray-400" aria-hidden="true" />
          </span>
        )}
        <span
          aria-hidden="true"
          className="absolute -top-2 -right-2 flex h-6 min-w-6 items-center justify-center rounded-full bg-gray-700 px-1.5 text-xs font-semibold text-white"
        >
          {line.quantity}
        </span>
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-gray-900">{line.product.name}</p>
        {line.variantName ? <p className="text-gray-700">{line.variantName}</p> : null}
        <p className="text-gray-700">Quantity: {line.quantity}</p>
        {line.notes?.map((note) => (
          // a recipient's long e-mail address wraps inside the summary instead of widening it
          <p key={note} className="mt-1 rounded bg-amber-50 px-2 py-1 [overflow-wrap:anywhere] text-amber-950">
            {note}
          </p>
        ))}
      </div>
      <p className="text-sm font-medium text-gray-900 tabular-nums">{formatCents(priceCentsOf(line.product.price) * line.quantity)}</p>
    </li>
  );
}
