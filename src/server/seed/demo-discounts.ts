import { eq } from 'drizzle-orm';
import { CouponInput } from '#common/schemas/admin-coupons.ts';
import type { Transaction } from '#server/db/client.ts';
import { products, productTypes } from '#server/db/schema.ts';
import { createCoupon } from '#server/modules/coupons/coupon-admin-service.ts';

// The demo's automatic discounts (issue 33, decision 067), written through the coupons service like the
// admin's form. Units are cart items: a 6-pack of balls counts once, so 12 of them reach the first break.

const BALL_BREAKS = [
  { minQuantity: 12, percent: 10 },
  { minQuantity: 36, percent: 15 },
  { minQuantity: 100, percent: 20 },
];

/** The paddle cover the demo's "buy a paddle, get a cover" gives half off. */
export const DEMO_COVER = 'Neoprene Paddle Cover';

export async function insertDemoDiscounts(tx: Transaction): Promise<void> {
  const types = new Map((await tx.select({ id: productTypes.id, slug: productTypes.slug }).from(productTypes)).map((type) => [type.slug, type.id]));
  const balls = types.get('balls');
  const paddles = types.get('paddles');
  const [cover] = await tx.select({ id: products.id }).from(products).where(eq(products.name, DEMO_COVER));
  const automatic = { kind: 'automatic', type: 'percentage', amount: '0', validFrom: null, validTo: null, isActive: true };
  if (balls !== undefined) {
    // a bulk price, not a promotion: a shopper's code still applies on top of it
    await createCoupon(
      tx,
      CouponInput.parse({ ...automatic, title: 'Balls', appliesTo: { productTypeIds: [balls] }, quantityBreaks: BALL_BREAKS, combinesWithCodes: true }),
    );
  }
  if (paddles !== undefined && cover) {
    await createCoupon(
      tx,
      CouponInput.parse({
        ...automatic,
        title: 'Paddle + cover',
        buyXGetY: { buyQuantity: 1, buy: { productTypeIds: [paddles] }, getQuantity: 1, get: { productIds: [cover.id] }, percent: 50 },
      }),
    );
  }
}
