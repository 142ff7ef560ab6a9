import type { DiscountOutcome } from '#common/discounts.ts';
import { orderTotals } from '#common/order-totals.ts';
import { emailDeliveryOption, physicalLines, shippedGoods, shipsNothing } from '#common/physical-lines.ts';
import { ADDRESS_REQUIRED, type DeliveryAddress, type OrderTotals } from '#common/schemas/checkout.ts';
import type { ShippingQuoteOption } from '#common/schemas/shipping.ts';
import type { Database } from '#server/db/client.ts';
import { findUsableCoupon, type CouponRow } from '#server/modules/coupons/coupon-service.ts';
import { discountCart } from '#server/modules/coupons/discount-service.ts';
import { DomainError, invalidInput } from '#server/errors/domain-errors.ts';
import { chooseShippingOption, shippingOptionsFor, type CarrierRates } from '#server/modules/shipping/shipping-service.ts';
import type { TaxQuote, TaxService } from '#server/modules/tax/tax-service.ts';
import type { CheckoutSettingsReader } from './checkout-settings.ts';
import { priceLines, type Item, type PricedLine } from './price-lines.ts';

/** A priced line with its share of the cart's discounts, all units together (stored with the order line). */
type DiscountedLine = PricedLine & { discountCents: number };

export interface OrderQuote {
  lines: DiscountedLine[];
  coupon: CouponRow | null;
  /** every discount applied, with why and how much (decision 058) */
  discounts: DiscountOutcome;
  totals: OrderTotals;
  tax: TaxQuote;
  /** the shipping method charged */
  shipping: ShippingQuoteOption;
  /** every method this cart could take to this state, priced (the chosen one among them) */
  shippingOptions: ShippingQuoteOption[];
}

export interface QuoteInput {
  /** a gift card line's recipient names the day its card is e-mailed */
  items: readonly (Item & { giftCard?: { deliverOn: string } | undefined })[];
  couponCode?: string;
  /** absent only for a cart of gift cards alone (decision 071): any other cart is refused without it */
  to?: DeliveryAddress;
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
  /** live prices of carrier-calculated methods (decision 057); absent: those methods are not offered */
  carrierRates?: CarrierRates;
}

/**
 * The server's figures for a cart (through orderTotals): database prices, the coupon from the
 * database, shipping by the chosen method of the owner's profile (or the settings' flat rule), tax
 * from the provider. A coupon that cannot be used, or a method that does not apply, is an error
 * carrying its reason.
 */
export async function quoteOrder(deps: QuoteDeps, input: QuoteInput, log?: Log): Promise<OrderQuote> {
  const { lines, coupon, settings, flat, discounts, shippingOptions } = await priceCartAndShipping(deps, input, log);
  // a cart of only gift cards has the one e-mail delivery, whatever method a page still names
  const offered =
    shipsNothing(lines) || (input.cheapestIfUnavailable && !shippingOptions.some((option) => option.id === input.shippingMethodId))
      ? undefined
      : input.shippingMethodId;
  const shipping = chooseShippingOption(shippingOptions, offered, input.to?.state ?? '');
  const priced = {
    items: lines,
    discountCents: discounts.discountCents,
    freeShipping: discounts.freeShipping,
    ...flat,
    methodShippingCents: shipping.priceCents,
  };
  const before = orderTotals({ ...priced, taxCents: 0 });
  // a gift card is money, not goods: its sale is not taxed (its spending is, as the goods it buys)
  const taxed = physicalLines(lines);
  // a parcel to Canada pays GST/HST/PST and duties to the border agency on import, not to a US shop (decision 069)
  const to = input.to;
  const tax =
    to?.country === 'US' && taxed.length > 0
      ? await deps.tax.quote(
          {
            to,
            businessAddress: settings.businessAddress,
            fallbackPercent: settings.taxRatePercent,
            lines: taxed,
            discountCents: taxed.length === lines.length ? before.discount : taxed.reduce((sum, line) => sum + line.discountCents, 0),
            shippingCents: before.shipping,
          },
          log,
        )
      : { taxCents: 0, shippingTaxCents: 0, rate: 0, fallback: false, provider: deps.tax.provider };
  const totals = orderTotals({ ...priced, taxCents: tax.taxCents });
  return { lines, coupon, discounts, totals, tax, shipping, shippingOptions };
}

/** The cart priced from the database and every shipping method that takes it to the state, priced: no tax asked for. */
async function priceCartAndShipping(
  deps: QuoteDeps,
  input: Omit<QuoteInput, 'to'> & { to?: Pick<DeliveryAddress, 'state' | 'country'> & { zip?: string } },
  log?: Log,
) {
  const priced = await priceLines(deps.db, input.items);
  const coupon = input.couponCode ? await findCoupon(deps.db, input.couponCode, input.ignoreUnusableCoupon ?? false) : null;
  const settings = await deps.settings.read();
  const discounts = discountCart({
    lines: priced,
    automatic: settings.automaticDiscounts,
    code: coupon,
    shippingCents: settings.shippingCostCents ?? 0,
    ignoreUnmetCode: input.ignoreUnusableCoupon ?? false,
  });
  const lines = priced.map((line, index) => ({ ...line, discountCents: discounts.lineCents[index] ?? 0 }));
  const flat = { shippingCostCents: settings.shippingCostCents, freeShippingThresholdCents: settings.freeShippingThresholdCents };
  const goods = orderTotals({ items: lines, discountCents: discounts.discountCents, ...flat, taxCents: 0 });
  if (shipsNothing(lines)) {
    const deliverOn = input.items.flatMap((item) => (item.giftCard ? [item.giftCard.deliverOn] : []));
    const shippingOptions = [emailDeliveryOption(deliverOn, new Date().toISOString().slice(0, 10))];
    return { lines, coupon, settings, flat, discounts, shippingOptions };
  }
  // a parcel needs somewhere to go: only a cart of gift cards alone may leave the address out (decision 071)
  const to = input.to;
  if (!to) throw invalidInput(ADDRESS_REQUIRED);
  // shipping's weights, brackets and thresholds see the parcel's lines only (decision 066)
  const cart =
    lines.length === physicalLines(lines).length
      ? {
          weightGrams: lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0),
          subtotalCents: goods.subtotal,
          discountedSubtotalCents: goods.subtotal - goods.discount,
        }
      : shippedGoods(lines);
  const carrierPrices = await deps.carrierRates?.price(settings.shipping, settings.businessAddress, to, cart.weightGrams, log);
  const shippingOptions = shippingOptionsFor(settings.shipping, flat, to, cart, new Date(), carrierPrices);
  return { lines, coupon, settings, flat, discounts, shippingOptions };
}

/** POST /api/shipping/rates: the methods checkout would offer this cart for this state, and where pickups are collected. */
export async function quoteShippingOptions(
  deps: QuoteDeps,
  input: { items: readonly Item[]; couponCode?: string; state: DeliveryAddress['state']; country: DeliveryAddress['country']; zip?: string },
  log?: Log,
): Promise<{ methods: ShippingQuoteOption[]; pickupAddress: string | null }> {
  const { settings, shippingOptions } = await priceCartAndShipping(
    deps,
    { ...input, to: { state: input.state, country: input.country, zip: input.zip }, ignoreUnusableCoupon: true },
    log,
  );
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
