import { couponForTotals, orderTotals } from '#common/order-totals.ts';
import type { OrderTotals, ShippingAddress } from '#common/schemas/checkout.ts';
import type { Database } from '#server/db/client.ts';
import { findUsableCoupon, type CouponRow } from '#server/modules/coupons/coupon-service.ts';
import { DomainError } from '#server/errors/domain-errors.ts';
import type { TaxQuote, TaxService } from '#server/modules/tax/tax-service.ts';
import type { CheckoutSettingsReader } from './checkout-settings.ts';
import { priceLines, type Item, type PricedLine } from './price-lines.ts';

export interface OrderQuote {
  lines: PricedLine[];
  coupon: CouponRow | null;
  totals: OrderTotals;
  tax: TaxQuote;
}

export interface QuoteInput {
  items: readonly Item[];
  couponCode?: string;
  to: ShippingAddress;
  /** tax preview: a coupon that cannot be used is left out instead of failing the quote */
  ignoreUnusableCoupon?: boolean;
}

type Log = { warn(obj: object, msg: string): void };

export interface QuoteDeps {
  db: Database;
  tax: TaxService;
  settings: CheckoutSettingsReader;
}

/**
 * The server's figures for a cart (through orderTotals): database prices,
 * the coupon from the database, shipping from settings, tax from the provider. A coupon that
 * cannot be used is an error carrying its reason.
 */
export async function quoteOrder(deps: QuoteDeps, input: QuoteInput, log?: Log): Promise<OrderQuote> {
  const lines = await priceLines(deps.db, input.items);
  const coupon = input.couponCode ? await findCoupon(deps.db, input.couponCode, input.ignoreUnusableCoupon ?? false) : null;
  const settings = await deps.settings.read();
  const shipping = { shippingCostCents: settings.shippingCostCents, freeShippingThresholdCents: settings.freeShippingThresholdCents };
  const before = orderTotals({ items: lines, coupon: coupon && couponForTotals(coupon), ...shipping, taxCents: 0 });
  const tax = await deps.tax.quote(
    {
      to: { ...input.to, country: 'US' },
      businessAddress: settings.businessAddress,
      fallbackPercent: settings.taxRatePercent,
      lines,
      discountCents: before.discount,
      shippingCents: before.shipping,
    },
    log,
  );
  const totals = orderTotals({ items: lines, coupon: coupon && couponForTotals(coupon), ...shipping, taxCents: tax.taxCents });
  return { lines, coupon, totals, tax };
}

async function findCoupon(db: Database, code: string, ignoreUnusable: boolean): Promise<CouponRow | null> {
  try {
    return await findUsableCoupon(db, code);
  } catch (error) {
    if (ignoreUnusable && error instanceof DomainError) return null;
    throw error;
  }
}
