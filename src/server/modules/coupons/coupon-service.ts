import { and, eq, sql } from 'drizzle-orm';
import type { CouponResult } from '#common/schemas/checkout.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { coupons } from '#server/db/schema.ts';
import { conflict, DomainError, invalidInput, notFound } from '#server/errors/domain-errors.ts';

export type CouponRow = typeof coupons.$inferSelect;

// "Invalid coupon": the reason is shown to the shopper as the toast's text
export const COUPON_MESSAGES = {
  unknown: 'Invalid coupon code',
  inactive: 'This coupon is not active',
  notYetValid: 'This coupon is not yet valid',
  expired: 'This coupon has expired',
  exhausted: 'This coupon has reached its usage limit',
} as const;

/** Why a coupon cannot be used now, or null when it can. timesUsed counts reserved uses too. */
export function couponProblem(coupon: CouponRow | null | undefined, now: Date): keyof typeof COUPON_MESSAGES | null {
  if (!coupon) return 'unknown';
  if (!coupon.isActive) return 'inactive';
  if (coupon.validFrom && coupon.validFrom.getTime() > now.getTime()) return 'notYetValid';
  if (coupon.validTo && coupon.validTo.getTime() < now.getTime()) return 'expired';
  // 0 means unlimited
  if (coupon.usageLimit > 0 && coupon.timesUsed >= coupon.usageLimit) return 'exhausted';
  return null;
}

const errorOf: Record<keyof typeof COUPON_MESSAGES, (message: string) => DomainError> = {
  unknown: notFound,
  inactive: invalidInput,
  notYetValid: invalidInput,
  expired: invalidInput,
  exhausted: conflict,
};

export function couponError(problem: keyof typeof COUPON_MESSAGES): DomainError {
  return errorOf[problem](COUPON_MESSAGES[problem]);
}

/** Codes are stored uppercase; shoppers type them in any case. */
async function findCouponByCode(db: Database | Transaction, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    // an automatic discount's drawn code is never a code a shopper can type
    .where(and(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()), eq(coupons.kind, 'code')))
    .limit(1);
  return row ?? null;
}

/** The coupon if it can be used now; otherwise the DomainError carrying the reason. */
export async function findUsableCoupon(db: Database | Transaction, code: string, now = new Date()): Promise<CouponRow> {
  const coupon = await findCouponByCode(db, code);
  const problem = couponProblem(coupon, now);
  if (problem) throw couponError(problem);
  return coupon!;
}

export function toCouponResult(coupon: CouponRow): CouponResult {
  return { code: coupon.code, type: coupon.type, amount: Number(coupon.amount).toFixed(2) };
}
