import { couponForTotals, orderTotals } from '#common/order-totals.ts';
import type { OrderTotals, ShippingAddress } from '#common/schemas/checkout.ts';
import type { ShippingQuoteOption } from '#common/schemas/shipping.ts';
import type { Database } from '#server/db/client.ts';
import { findUsableCoupon, type CouponRow } from '#server/modules/coupons/coupon-service.ts';
import { DomainError } from '#server/errors/domain-errors.ts';
import { chooseShippingOption, shippingOptionsFor } from '#server/modules/shipping/shipping-service.ts';
import type { TaxQuote, TaxService } from '#server/modules/tax/tax-service.ts';
import type { CheckoutSettingsReader } from './checkout-settings.ts';
import { priceLines, type Item, type PricedLine } from './price-lines.ts';

export interface OrderQuote {
  lines: PricedLine[];
  coupon: CouponRow | null;
  totals: OrderTotals;
  tax: TaxQuote;
  /** the shipping method charged */
  shipping: ShippingQuoteOption;
  /** every method this cart could take to this state, priced (the chosen one among them) */
  shippingOptions: ShippingQuoteOption[];
}

export interface QuoteInput {
  items: readonly Item[];
  couponCode?: string;
  to: ShippingAddress;
  /** the method the shopper chose ("standard" or a method's id); absent: the cheapest that applies */
  shippingMethodId?: string;
  /** a wallet's quote: a chosen method the new address no longer offers gives way to the cheapest instead of failing */
  cheapestIfUnavailable?: boolean;
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
 * The server's figures for a cart (through orderTotals): database prices, the coupon from the
 * database, shipping by the chosen method of the owner's profile (or the settings' flat rule), tax
 * from the provider. A coupon that cannot be used, or a method that does not apply, is an error
 * carrying its reason.
 */
export async function quoteOrder(deps: QuoteDeps, input: QuoteInput, log?: Log): Promise<OrderQuote> {
  const { lines, coupon, settings, flat, totalsCoupon, shippingOptions } = await priceCartAndShipping(deps, input);
  const offered = input.cheapestIfUnavailable && !shippingOptions.some((option) => option.id === input.shippingMethodId) ? undefined : input.shippingMethodId;
  const shipping = chooseShippingOption(shippingOptions, offered, input.to.state);
  const priced = { items: lines, coupon: totalsCoupon, ...flat, methodShippingCents: shipping.priceCents };
  const before = orderTotals({ ...priced, taxCents: 0 });
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
  const totals = orderTotals({ ...priced, taxCents: tax.taxCents });
  return { lines, coupon, totals, tax, shipping, shippingOptions };
}

/** The cart priced from the database and every shipping method that takes it to the state, priced: no tax asked for. */
async function priceCartAndShipping(deps: QuoteDeps, input: Omit<QuoteInput, 'to'> & { to: Pick<ShippingAddress, 'state'> }) {
  const lines = await priceLines(deps.db, input.items);
  const coupon = input.couponCode ? await findCoupon(deps.db, input.couponCode, input.ignoreUnusableCoupon ?? false) : null;
  const settings = await deps.settings.read();
  const totalsCoupon = coupon && couponForTotals(coupon);
  const flat = { shippingCostCents: settings.shippingCostCents, freeShippingThresholdCents: settings.freeShippingThresholdCents };
  const goods = orderTotals({ items: lines, coupon: totalsCoupon, ...flat, taxCents: 0 });
  const cart = {
    weightGrams: lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0),
    subtotalCents: goods.subtotal,
    discountedSubtotalCents: goods.subtotal - goods.discount,
  };
  const shippingOptions = shippingOptionsFor(settings.shipping, flat, input.to.state, cart, new Date());
  return { lines, coupon, settings, flat, totalsCoupon, shippingOptions };
}

/** POST /api/shipping/rates: the methods checkout would offer this cart for this state, and where pickups are collected. */
export async function quoteShippingOptions(
  deps: QuoteDeps,
  input: { items: readonly Item[]; couponCode?: string; state: ShippingAddress['state'] },
): Promise<{ methods: ShippingQuoteOption[]; pickupAddress: string | null }> {
  const { settings, shippingOptions } = await priceCartAndShipping(deps, { ...input, to: { state: input.state }, ignoreUnusableCoupon: true });
  return { methods: shippingOptions, pickupAddress: settings.businessAddress };
}

async function findCoupon(db: Database, code: string, ignoreUnusable: boolean): Promise<CouponRow | null> {
  try {
    return await findUsableCoupon(db, code);
  } catch (error) {
    if (ignoreUnusable && error instanceof DomainError) return null;
    throw error;
  }
}
