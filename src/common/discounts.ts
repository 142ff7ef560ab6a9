import { allocateByWeight } from './refund-allocation.ts';

// The discount engine (decision 058): which discounts a cart gets, how much, and each one's share of
// every line in whole cents. The server runs it for the cart's preview, the quote and the order; the
// lines' shares are stored with the order (order_items.discount_allocated) so a refund gives back
// exactly what each unit cost.

interface DiscountScope {
  productIds?: readonly number[];
  variantIds?: readonly number[];
  productTypeIds?: readonly number[];
  brandIds?: readonly number[];
}

export interface DiscountRule {
  id: number;
  kind: 'code' | 'automatic';
  code: string;
  /** what the shopper is told the saving is for; empty: the code */
  title: string;
  type: 'percentage' | 'fixed' | 'free_shipping';
  /** percent for percentage (12.5), cents for fixed; unused for free shipping */
  amount: number;
  minSubtotalCents: number | null;
  minQuantity: number;
  appliesTo: DiscountScope;
  /** when set, the highest break the eligible units reach gives its percent instead of `amount` */
  quantityBreaks: ReadonlyArray<{ minQuantity: number; percent: number }>;
  buyXGetY: { buyQuantity: number; buy: DiscountScope; getQuantity: number; get: DiscountScope; percent: number } | null;
  combinesWithCodes: boolean;
}

/** An automatic discount as checkout keeps it between reads: its rule and its dates (null: open-ended). */
export interface AutomaticDiscount {
  rule: DiscountRule;
  validFrom: Date | null;
  validTo: Date | null;
}

/** The rules of the automatic discounts on at `now`: both ends inclusive, as codes. */
export function automaticRulesOn(discounts: readonly AutomaticDiscount[], now: Date): DiscountRule[] {
  return discounts
    .filter(({ validFrom, validTo }) => (validFrom === null || validFrom <= now) && (validTo === null || validTo >= now))
    .map((discount) => discount.rule);
}

export interface DiscountLine {
  productId: number;
  variantId: number;
  productTypeId: number | null;
  brandId: number | null;
  priceCents: number;
  quantity: number;
  /** a gift card is money, not goods: no discount takes anything off it or counts it (decision 066) */
  giftCard?: boolean;
}

interface AppliedDiscount {
  id: number;
  kind: 'code' | 'automatic';
  code: string;
  /** "Balls 36+: 15 % off" */
  label: string;
  /** goods cents taken off (0 for free shipping, whose saving is the shipping) */
  amountCents: number;
  freeShipping: boolean;
  /** this discount's cents per line, in the lines' order */
  lineCents: number[];
}

export interface DiscountOutcome {
  applied: AppliedDiscount[];
  /** every discount's cents per line added up: what order_items.discount_allocated stores */
  lineCents: number[];
  discountCents: number;
  freeShipping: boolean;
}

const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
const goodsOf = (line: DiscountLine) => whole(Math.round(line.priceCents)) * whole(line.quantity);
const has = (list: readonly number[] | undefined, value: number | null) => !list || list.length === 0 || (value !== null && list.includes(value));
const scopeIsAll = (scope: DiscountScope) =>
  [scope.productIds, scope.variantIds, scope.productTypeIds, scope.brandIds].every((list) => !list || list.length === 0);

/** A line is in scope when it matches every list the scope names (an empty scope takes every line but gift cards). */
function inScope(scope: DiscountScope, line: DiscountLine): boolean {
  return (
    !line.giftCard &&
    has(scope.productIds, line.productId) &&
    has(scope.variantIds, line.variantId) &&
    has(scope.productTypeIds, line.productTypeId) &&
    has(scope.brandIds, line.brandId)
  );
}

/** percent of cents, half up, in integers: 12.5 % is 1250 hundredths */
function percentOf(cents: number, percent: number): number {
  const hundredths = Number.isFinite(percent) ? Math.min(10_000, Math.max(0, Math.round(percent * 100))) : 0;
  return Math.floor((cents * hundredths + 5000) / 10000);
}

const formatPercent = (percent: number) => `${Number(percent.toFixed(2))} %`;
const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function describe(rule: DiscountRule, percent: number | null): string {
  const name = rule.title.trim() || rule.code;
  if (rule.type === 'free_shipping') return `${name}: free shipping`;
  if (rule.buyXGetY) return `${name}: ${rule.buyXGetY.percent >= 100 ? 'free' : `${formatPercent(rule.buyXGetY.percent)} off`}`;
  if (percent !== null) return `${name}: ${formatPercent(percent)} off`;
  return `${name}: ${formatDollars(rule.amount)} off`;
}

/** The units of the `get` lines that `buy` units earn, cheapest first, at the rule's percent, per line. */
function buyXGetYCents(rule: NonNullable<DiscountRule['buyXGetY']>, lines: readonly DiscountLine[], left: readonly number[]): number[] {
  const cents = lines.map(() => 0);
  const buyUnits = lines.reduce((sum, line) => sum + (inScope(rule.buy, line) ? whole(line.quantity) : 0), 0);
  let free = whole(rule.buyQuantity) > 0 ? Math.floor(buyUnits / whole(rule.buyQuantity)) * whole(rule.getQuantity) : 0;
  const getLines = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => inScope(rule.get, line))
    .sort((a, b) => a.line.priceCents - b.line.priceCents || a.index - b.index);
  for (const { line, index } of getLines) {
    if (free <= 0) break;
    const units = Math.min(free, whole(line.quantity));
    free -= units;
    cents[index] = Math.min(left[index]!, percentOf(whole(Math.round(line.priceCents)) * units, rule.percent));
  }
  return cents;
}

/** One rule on the cents still left on each line, or null when the cart does not meet it. */
function evaluate(rule: DiscountRule, lines: readonly DiscountLine[], left: readonly number[]): AppliedDiscount | null {
  const eligible = lines.map((line) => inScope(rule.appliesTo, line));
  const units = lines.reduce((sum, line, index) => sum + (eligible[index] ? whole(line.quantity) : 0), 0);
  const goods = lines.reduce((sum, line, index) => sum + (eligible[index] ? goodsOf(line) : 0), 0);
  if (units === 0 && !(rule.type === 'free_shipping' && scopeIsAll(rule.appliesTo))) return null;
  if (units < whole(rule.minQuantity)) return null;
  if (rule.minSubtotalCents !== null && goods < rule.minSubtotalCents) return null;
  const applied = (amountCents: number, lineCents: number[], percent: number | null): AppliedDiscount => ({
    id: rule.id,
    kind: rule.kind,
    code: rule.code,
    label: describe(rule, percent),
    amountCents,
    freeShipping: rule.type === 'free_shipping',
    lineCents,
  });
  if (rule.type === 'free_shipping')
    return applied(
      0,
      lines.map(() => 0),
      null,
    );
  if (rule.buyXGetY) {
    const lineCents = buyXGetYCents(rule.buyXGetY, lines, left);
    const amount = lineCents.reduce((sum, cents) => sum + cents, 0);
    return amount > 0 ? applied(amount, lineCents, null) : null;
  }
  const base = left.map((cents, index) => (eligible[index] ? cents : 0));
  const baseTotal = base.reduce((sum, cents) => sum + cents, 0);
  let percent: number | null = null;
  let amount: number;
  if (rule.quantityBreaks.length > 0) {
    const reached = rule.quantityBreaks.filter((step) => units >= step.minQuantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
    if (!reached) return null;
    percent = reached.percent;
    amount = percentOf(baseTotal, percent);
  } else if (rule.type === 'percentage') {
    percent = rule.amount;
    amount = percentOf(baseTotal, percent);
  } else {
    amount = Math.min(whole(Math.round(rule.amount)), baseTotal);
  }
  if (amount <= 0) return null;
  return applied(amount, allocateByWeight(base, amount), percent);
}

/** What a free shipping discount is worth when choosing the best automatic one. */
const worth = (discount: AppliedDiscount, shippingCents: number) => discount.amountCents + (discount.freeShipping ? shippingCents : 0);

/**
 * The discounts a cart gets: the shopper's code (already checked usable) and the best automatic
 * discount it meets (with a code: the best of those the owner lets combine with codes). The automatic
 * one is worked out first on the full prices, the code on what is left of each line, so no line ever
 * goes below zero. `shippingCents` values a free-shipping discount against the others.
 */
export function applyDiscounts(input: {
  lines: readonly DiscountLine[];
  code: DiscountRule | null;
  automatic: readonly DiscountRule[];
  shippingCents: number;
}): DiscountOutcome {
  const full = input.lines.map(goodsOf);
  const candidates = input.automatic.filter((rule) => !input.code || rule.combinesWithCodes);
  let best: AppliedDiscount | null = null;
  for (const rule of candidates) {
    const outcome = evaluate(rule, input.lines, full);
    if (outcome && (!best || worth(outcome, input.shippingCents) > worth(best, input.shippingCents))) best = outcome;
  }
  const applied: AppliedDiscount[] = best ? [best] : [];
  const left = full.map((cents, index) => cents - (best?.lineCents[index] ?? 0));
  const code = input.code && evaluate(input.code, input.lines, left);
  if (code) applied.push(code);
  const lineCents = full.map((_, index) => applied.reduce((sum, discount) => sum + discount.lineCents[index]!, 0));
  return {
    applied,
    lineCents,
    discountCents: lineCents.reduce((sum, cents) => sum + cents, 0),
    freeShipping: applied.some((discount) => discount.freeShipping),
  };
}
