import { and, eq, gte, isNull, or } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import { applyDiscounts, automaticRulesOn, type AutomaticDiscount, type DiscountLine, type DiscountOutcome, type DiscountRule } from '#common/discounts.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { couponCustomerUses, coupons } from '#server/db/schema.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import type { CouponRow } from './coupon-service.ts';

const cents = (value: string | null) => {
  const parsed = toCents(value);
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** A row as the engine reads it: percent as a number, money in cents. */
function ruleOf(row: CouponRow): DiscountRule {
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    title: row.title,
    type: row.type,
    amount: row.type === 'percentage' ? Number(row.amount) || 0 : cents(row.amount),
    minSubtotalCents: row.minSubtotal === null ? null : cents(row.minSubtotal),
    minQuantity: row.minQuantity,
    appliesTo: row.appliesTo,
    quantityBreaks: row.quantityBreaks,
    buyXGetY: row.buyXGetY ?? null,
    combinesWithCodes: row.combinesWithCodes,
  };
}

/**
 * The automatic discounts that are on or still to come: active and not yet ended. Checkout keeps them for
 * seconds (checkout-settings.ts), so which of them are on is decided at each use, not here.
 */
export async function readAutomaticDiscounts(db: Database | Transaction, now = new Date()): Promise<AutomaticDiscount[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.kind, 'automatic'), eq(coupons.isActive, true), or(isNull(coupons.validTo), gte(coupons.validTo, now))))
    .orderBy(coupons.id);
  return rows.map((row) => ({ rule: ruleOf(row), validFrom: row.validFrom, validTo: row.validTo }));
}

const NOT_FOR_THIS_CART = 'This coupon does not apply to the items in your cart';

/**
 * The cart's discounts: the code (already found usable) and the best automatic one on now. A code whose
 * conditions the cart does not meet is a 400 saying so, unless `ignoreUnmetCode` (a preview).
 */
export function discountCart(input: {
  lines: readonly DiscountLine[];
  code: CouponRow | null;
  automatic: readonly AutomaticDiscount[];
  shippingCents: number;
  ignoreUnmetCode?: boolean;
}): DiscountOutcome {
  const automatic = automaticRulesOn(input.automatic, new Date());
  const outcome = applyDiscounts({ lines: input.lines, code: input.code && ruleOf(input.code), automatic, shippingCents: input.shippingCents });
  if (input.code && !input.ignoreUnmetCode && !outcome.applied.some((discount) => discount.kind === 'code')) throw invalidInput(NOT_FOR_THIS_CART);
  return outcome;
}

/** The key a per-customer limit counts by: the order's e-mail address. */
export const customerKeyOf = (email: string) => email.trim().toLowerCase();

/**
 * Makes sure the customer's row for a code with a per-customer limit exists, so the order statement
 * can lock it (a row that does not exist yet cannot be locked, and two first uses would both pass).
 */
export async function prepareCustomerUse(db: Database | Transaction, couponId: number, customerKey: string): Promise<void> {
  await db.insert(couponCustomerUses).values({ couponId, customerKey, uses: 0 }).onConflictDoNothing();
}

/** Why a limited code is refused to a customer who used it up. */
export const CUSTOMER_LIMIT_MESSAGE = 'You have already used this coupon';
