import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { AdminCoupon, CouponInput } from '#common/schemas/admin-coupons.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { brands, coupons, products, productTypes, productVariants } from '#server/db/schema.ts';
import { scopeKey } from '#common/discount-words.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { offsetOf } from '#server/http/page-headers.ts';

type CouponRow = typeof coupons.$inferSelect;

/** What the list shows beside a discount (decision 058). */
function statusOf(row: CouponRow, now: Date): AdminCoupon['status'] {
  if (!row.isActive) return 'inactive';
  if (row.validFrom && row.validFrom.getTime() > now.getTime()) return 'scheduled';
  if (row.validTo && row.validTo.getTime() < now.getTime()) return 'expired';
  if (row.usageLimit > 0 && row.timesUsed >= row.usageLimit) return 'expired';
  return 'active';
}

function toAdminCoupon(row: CouponRow, scopeNames: Record<string, string>, now = new Date()): AdminCoupon {
  const cents = toCents(row.amount);
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    title: row.title,
    type: row.type,
    amount: centsToDecimal(Number.isNaN(cents) ? 0 : cents),
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    timesUsed: row.timesUsed,
    isActive: row.isActive,
    status: statusOf(row, now),
    minSubtotal: row.minSubtotal === null ? null : centsToDecimal(toCents(row.minSubtotal)),
    minQuantity: row.minQuantity,
    appliesTo: row.appliesTo,
    quantityBreaks: row.quantityBreaks,
    buyXGetY: row.buyXGetY ?? null,
    perCustomerLimit: row.perCustomerLimit,
    combinesWithCodes: row.combinesWithCodes,
    scopeNames,
    createdAt: row.createdAt.toISOString(),
  };
}

type Scope = CouponRow['appliesTo'];
const scopesOf = (row: CouponRow): Scope[] => [row.appliesTo, ...(row.buyXGetY ? [row.buyXGetY.buy, row.buyXGetY.get] : [])];
const idsIn = (rows: CouponRow[], list: (scope: Scope) => number[] | undefined) => [...new Set(rows.flatMap(scopesOf).flatMap((scope) => list(scope) ?? []))];

/**
 * The names of what the discounts' rules name, for their rule in words. An id whose product, type or
 * brand was deleted since has no name: the words show its number, and the owner sees the rule is stale.
 */
async function scopeNamesOf(db: Database | Transaction, rows: CouponRow[]): Promise<Record<string, string>> {
  const productIds = idsIn(rows, (scope) => scope.productIds);
  const variantIds = idsIn(rows, (scope) => scope.variantIds);
  const typeIds = idsIn(rows, (scope) => scope.productTypeIds);
  const brandIds = idsIn(rows, (scope) => scope.brandIds);
  const [productRows, variantRows, typeRows, brandRows] = await Promise.all([
    productIds.length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)) : [],
    variantIds.length
      ? db
          .select({ id: productVariants.id, sku: productVariants.sku, name: products.name })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(inArray(productVariants.id, variantIds))
      : [],
    typeIds.length ? db.select({ id: productTypes.id, name: productTypes.name }).from(productTypes).where(inArray(productTypes.id, typeIds)) : [],
    brandIds.length ? db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds)) : [],
  ]);
  return Object.fromEntries([
    ...productRows.map((row) => [scopeKey('product', row.id), row.name]),
    ...variantRows.map((row) => [scopeKey('variant', row.id), row.sku ? `${row.name} (${row.sku})` : row.name]),
    ...typeRows.map((row) => [scopeKey('type', row.id), row.name]),
    ...brandRows.map((row) => [scopeKey('brand', row.id), row.name]),
  ]);
}

async function withNames(db: Database | Transaction, rows: CouponRow[]): Promise<AdminCoupon[]> {
  const names = await scopeNamesOf(db, rows);
  return rows.map((row) => toAdminCoupon(row, names));
}

// an automatic discount's code: drawn, and refused when typed (coupon-service findCouponByCode)
const automaticCode = () => `AUTO-${randomUUID().slice(0, 13).toUpperCase()}`;

function columnsOf(input: CouponInput, code: string) {
  return {
    kind: input.kind,
    code,
    title: input.title,
    type: input.type,
    amount: input.amount,
    usageLimit: input.usageLimit,
    isActive: input.isActive,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validTo: input.validTo ? new Date(input.validTo) : null,
    minSubtotal: input.minSubtotal,
    minQuantity: input.minQuantity,
    appliesTo: input.appliesTo,
    quantityBreaks: input.quantityBreaks,
    buyXGetY: input.buyXGetY,
    perCustomerLimit: input.perCustomerLimit,
    combinesWithCodes: input.combinesWithCodes,
  };
}

const codeOf = (input: CouponInput) => (input.kind === 'automatic' || input.code === undefined ? automaticCode() : input.code);

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
  return { items: await withNames(db, rows), total };
}

/** Also in the caller's transaction: the demo seed writes its discounts with the catalogue. */
export async function createCoupon(db: Database | Transaction, input: CouponInput): Promise<AdminCoupon> {
  const [row] = await db
    .insert(coupons)
    .values(columnsOf(input, codeOf(input)))
    .returning()
    .catch((error: unknown) => duplicateCode(error, input.code ?? ''));
  const [coupon] = await withNames(db, [row!]);
  return coupon!;
}

/** The edit form sends the whole coupon; timesUsed is the shop's count and is never set here. */
export async function updateCoupon(db: Database, id: number, input: CouponInput): Promise<AdminCoupon> {
  // an automatic discount keeps the code it drew
  const [current] = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.kind, 'automatic')));
  const [row] = await db
    .update(coupons)
    .set(columnsOf(input, input.kind === 'automatic' ? (current?.code ?? codeOf(input)) : codeOf(input)))
    .where(eq(coupons.id, id))
    .returning()
    .catch((error: unknown) => duplicateCode(error, input.code ?? ''));
  if (!row) throw notFound('Coupon not found');
  const [coupon] = await withNames(db, [row]);
  return coupon!;
}

/** Orders keep the code they used as text, so removing a coupon leaves their history intact. */
export async function deleteCoupon(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!row) throw notFound('Coupon not found');
}
