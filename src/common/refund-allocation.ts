import { toCents } from './money.ts';

// What each unit of an order cost the customer, so a refund gives back exactly that
// (docs/order-lifecycle.md, "What a refund gives back").
//
// When an order is placed, its discount and its tax are split over its lines and the shares are
// stored on the lines (order_items.discount_allocated, tax_allocated): never recomputed, so a
// changed coupon, tax rate or rule cannot change what an old order's refund gives back. A line's
// shares are split over its units the same way each time, so refunding a line one unit at a time
// gives back the same as refunding it at once, and refunding every line plus the shipping gives
// back the order's total to the cent. The same functions price the admin's confirmation and the
// server's refund: the two cannot disagree.

/**
 * Splits `amountCents` over lines in proportion to their weights (largest remainder): each line
 * gets the whole cents of its exact share, and the cents left over go one each to the lines with
 * the largest fractions, the earlier line first on a tie. The shares add up to the amount exactly.
 * When every weight is 0, each line weighs 1. Integer arithmetic throughout (the migration that
 * filled the lines of older orders does the same in SQL and gets the same cents).
 */
export function allocateByWeight(weights: readonly number[], amountCents: number): number[] {
  const amount = BigInt(Math.max(0, Math.round(amountCents || 0)));
  if (weights.length === 0 || amount === 0n) return weights.map(() => 0);
  let parts = weights.map((weight) => BigInt(Math.max(0, Math.round(weight || 0))));
  if (parts.every((part) => part === 0n)) parts = parts.map(() => 1n);
  const total = parts.reduce((sum, part) => sum + part, 0n);
  const shares = parts.map((part) => (part * amount) / total);
  const rests = parts.map((part, index) => ({ index, rest: (part * amount) % total }));
  let left = amount - shares.reduce((sum, share) => sum + share, 0n);
  rests.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of rests) {
    if (left <= 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

interface AllocationInput {
  /** the order's lines in the order they are stored */
  lines: ReadonlyArray<{ priceCents: number; quantity: number; giftCard?: boolean }>;
  /** the order's discount_total */
  discountCents: number;
  /**
   * each line's share of the discount as the discount engine allocated it (src/common/discounts.ts):
   * a discount on some lines only stays on them. Absent: discount_total split by the lines' goods.
   */
  lineDiscountCents?: readonly number[];
  /** the order's tax_total: the goods' tax and the shipping's */
  taxCents: number;
  /** the part of the tax charged on shipping (0 where shipping is not taxed): it goes back with the shipping */
  shippingTaxCents: number;
}

/** A line's part of its order's discount and tax, in cents, for all its units together. */
interface LineShare {
  discountCents: number;
  taxCents: number;
}

const goodsOf = (line: { priceCents: number; quantity: number }) => Math.max(0, Math.round(line.priceCents)) * Math.max(0, Math.round(line.quantity));

/**
 * Each line's share of the order's discount and tax. The discount is split by the lines' goods
 * (price × units), as the tax provider was told; the goods' tax (the order's tax less the
 * shipping's) by what each line cost after its discount, the amount it was taxed on. The discount
 * shares add up to discount_total, and the tax shares plus the shipping's tax to tax_total.
 */
export function allocateOrder(input: AllocationInput): LineShare[] {
  const goods = input.lines.map(goodsOf);
  const subtotal = goods.reduce((sum, cents) => sum + cents, 0);
  const given = input.lineDiscountCents;
  const discounts =
    given && given.length === goods.length
      ? goods.map((cents, index) => Math.min(cents, Math.max(0, Math.round(given[index] ?? 0))))
      : allocateByWeight(goods, Math.min(Math.max(0, input.discountCents), subtotal));
  const tax = Math.max(0, input.taxCents);
  const goodsTax = tax - Math.min(Math.max(0, input.shippingTaxCents), tax);
  // a gift card was not taxed (decision 066): its refund gives back no tax
  const taxes = allocateByWeight(
    goods.map((cents, index) => (input.lines[index]!.giftCard ? 0 : cents - discounts[index]!)),
    goodsTax,
  );
  return input.lines.map((_, index) => ({ discountCents: discounts[index]!, taxCents: taxes[index]! }));
}

/**
 * The part of a line's share that `count` units carry, starting after the `start` units refunded
 * before: every unit carries the share divided by the units, and the cents that leave over go one
 * each to the first units. So the parts of all units add up to the share, whatever the steps.
 */
export function unitsPart(shareCents: number, quantity: number, start: number, count: number): number {
  if (quantity <= 0 || count <= 0) return 0;
  const share = Math.max(0, Math.round(shareCents));
  const base = Math.floor(share / quantity);
  const extra = share - base * quantity;
  return base * count + Math.min(count, Math.max(0, extra - start));
}

/** A line as a refund reads it: its price and units, what was refunded, and its stored shares. */
interface RefundableLine {
  id: number;
  name: string;
  priceCents: number;
  quantity: number;
  refundedQuantity: number;
  discountCents: number;
  taxCents: number;
}

/** What `quantity` units of one line give back: their price, less their discount, plus their tax. */
interface LineRefund {
  itemId: number;
  name: string;
  quantity: number;
  goodsCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** The next `units` units of a line (after those refunded already) as a refund gives them back. */
export function lineRefund(line: RefundableLine, units: number): LineRefund {
  const start = Math.max(0, line.refundedQuantity);
  const count = Math.max(0, Math.min(units, line.quantity - start));
  const goodsCents = Math.max(0, Math.round(line.priceCents)) * count;
  const discountCents = unitsPart(line.discountCents, line.quantity, start, count);
  const taxCents = unitsPart(line.taxCents, line.quantity, start, count);
  return { itemId: line.id, name: line.name, quantity: count, goodsCents, discountCents, taxCents, totalCents: goodsCents - discountCents + taxCents };
}

/** An order as a refund reads it. */
export interface RefundableOrder {
  totalCents: number;
  /** given back so far, whatever the refunds contained */
  refundedCents: number;
  shippingCents: number;
  /** the part of the order's tax charged on shipping */
  shippingTaxCents: number;
  /** an earlier refund gave the shipping back */
  shippingRefunded: boolean;
  items: readonly RefundableLine[];
}

export type RefundSelection =
  { kind: 'lines'; lines: ReadonlyArray<{ itemId: number; quantity: number }>; shipping: boolean } | { kind: 'full' } | { kind: 'amount'; amountCents: number };

/** What a refund gives back and what that is made of; the confirmation shows it, the server charges it. */
export interface RefundBreakdown {
  kind: RefundSelection['kind'];
  lines: LineRefund[];
  /** the units' price */
  goodsCents: number;
  /** their share of the order's discount, taken off */
  discountCents: number;
  /** their share of the order's tax */
  taxCents: number;
  /** the shipping given back, 0 when not */
  shippingCents: number;
  /** the shipping's tax given back with it */
  shippingTaxCents: number;
  /**
   * "Everything left" only: taken off (negative) for money an earlier refund of an amount gave back
   * without units, so the refund is what is left of the total. 0 otherwise.
   */
  adjustmentCents: number;
  /** an amount of money, not tied to units ("amount" refunds) */
  amountCents: number;
  totalCents: number;
}

function sum(lines: readonly LineRefund[], key: 'goodsCents' | 'discountCents' | 'taxCents' | 'totalCents'): number {
  return lines.reduce((total, line) => total + line[key], 0);
}

/**
 * The refund a selection makes on an order: chosen units (each at what the customer paid for it)
 * with or without the shipping and its tax; everything left (every unit and the shipping not given
 * back yet, less what refunds of an amount already gave back: exactly what is left of the total);
 * or an amount. Lines the order does not have and units beyond those left count as none here: the
 * server refuses them before it charges.
 */
export function refundBreakdown(order: RefundableOrder, selection: RefundSelection): RefundBreakdown {
  const empty = { lines: [], goodsCents: 0, discountCents: 0, taxCents: 0, shippingCents: 0, shippingTaxCents: 0, adjustmentCents: 0, amountCents: 0 };
  if (selection.kind === 'amount') {
    const amountCents = Math.max(0, Math.round(selection.amountCents || 0));
    return { ...empty, kind: 'amount', amountCents, totalCents: amountCents };
  }
  const chosen =
    selection.kind === 'full' ? order.items.map((item) => ({ itemId: item.id, quantity: item.quantity - item.refundedQuantity })) : selection.lines;
  const lines = chosen.flatMap((choice) => {
    const item = order.items.find((candidate) => candidate.id === choice.itemId);
    const refund = item ? lineRefund(item, choice.quantity) : null;
    return refund && refund.quantity > 0 ? [refund] : [];
  });
  const shipping = !order.shippingRefunded && (selection.kind === 'full' || selection.shipping);
  const shippingCents = shipping ? Math.max(0, order.shippingCents) : 0;
  const shippingTaxCents = shipping ? Math.max(0, order.shippingTaxCents) : 0;
  const contents = sum(lines, 'totalCents') + shippingCents + shippingTaxCents;
  const adjustmentCents = selection.kind === 'full' ? Math.max(0, order.totalCents - order.refundedCents) - contents : 0;
  return {
    kind: selection.kind,
    lines,
    goodsCents: sum(lines, 'goodsCents'),
    discountCents: sum(lines, 'discountCents'),
    taxCents: sum(lines, 'taxCents'),
    shippingCents,
    shippingTaxCents,
    adjustmentCents,
    amountCents: 0,
    totalCents: contents + adjustmentCents,
  };
}

const centsOf = (value: string) => {
  const cents = toCents(value);
  return Number.isNaN(cents) ? 0 : cents;
};

/** A line as the database and the API carry it (money as decimal strings), as a refund reads it. */
export function refundableLine(item: {
  id: number;
  productName: string;
  price: string;
  quantity: number;
  refundedQuantity: number;
  discountAllocated: string;
  taxAllocated: string;
}): RefundableLine {
  return {
    id: item.id,
    name: item.productName,
    priceCents: centsOf(item.price),
    quantity: item.quantity,
    refundedQuantity: item.refundedQuantity,
    discountCents: centsOf(item.discountAllocated),
    taxCents: centsOf(item.taxAllocated),
  };
}

/** An order as the database and the API carry it, with whether a refund gave its shipping back already. */
export function refundableOrder(
  order: { total: string; refundedTotal: string; shippingTotal: string; shippingTax: string; items: Parameters<typeof refundableLine>[0][] },
  shippingRefunded: boolean,
): RefundableOrder {
  return {
    totalCents: centsOf(order.total),
    refundedCents: centsOf(order.refundedTotal),
    shippingCents: centsOf(order.shippingTotal),
    shippingTaxCents: centsOf(order.shippingTax),
    shippingRefunded,
    items: order.items.map(refundableLine),
  };
}
