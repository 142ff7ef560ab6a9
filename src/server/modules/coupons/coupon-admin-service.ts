import { desc, eq } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { AdminCoupon, CouponInput } from '#common/schemas/admin-coupons.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { Database } from '#server/db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { coupons } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { offsetOf } from '#server/http/page-headers.ts';

type CouponRow = typeof coupons.$inferSelect;

function toAdminCoupon(row: CouponRow): AdminCoupon {
  const cents = toCents(row.amount);
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    amount: centsToDecimal(Number.isNaN(cents) ? 0 : cents),
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    timesUsed: row.timesUsed,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

function columnsOf(input: CouponInput) {
  return {
    code: input.code,
    type: input.type,
    amount: input.amount,
    usageLimit: input.usageLimit,
    isActive: input.isActive,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validTo: input.validTo ? new Date(input.validTo) : null,
  };
}

function duplicateCode(error: unknown, code: string): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(`A coupon with code "${code}" already exists`);
  throw error;
}

/** Newest first, as the admin coupons tab lists them. */
export async function listCoupons(db: Database, at: { page: number; pageSize: number }): Promise<Page<AdminCoupon>> {
  const [rows, total] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(at.pageSize).offset(offsetOf(at)),
    db.$count(coupons),
  ]);
  return { items: rows.map(toAdminCoupon), total };
}

export async function createCoupon(db: Database, input: CouponInput): Promise<AdminCoupon> {
  const [row] = await db
    .insert(coupons)
    .values(columnsOf(input))
    .returning()
    .catch((error: unknown) => duplicateCode(error, input.code));
  return toAdminCoupon(row!);
}

/** The edit form sends the whole coupon; timesUsed is the shop's count and is never set here. */
export async function updateCoupon(db: Database, id: number, input: CouponInput): Promise<AdminCoupon> {
  const [row] = await db
    .update(coupons)
    .set(columnsOf(input))
    .where(eq(coupons.id, id))
    .returning()
    .catch((error: unknown) => duplicateCode(error, input.code));
  if (!row) throw notFound('Coupon not found');
  return toAdminCoupon(row);
}

/** Orders keep the code they used as text, so removing a coupon leaves their history intact. */
export async function deleteCoupon(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!row) throw notFound('Coupon not found');
}
