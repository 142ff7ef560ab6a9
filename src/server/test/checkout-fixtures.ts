import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { contactInfo, coupons, products, siteSettings } from '#server/db/schema.ts';
import { insertProducts } from './catalog-fixtures.ts';

// Test data for checkout, payment and tax tests. The business address puts the shop's nexus in Texas.

let counter = 0;

export async function addProduct(db: Database, values: { name?: string; price?: string; stock?: number; isDeleted?: boolean } = {}) {
  counter += 1;
  const [row] = await insertProducts(db, {
    name: values.name ?? `Test Paddle ${counter}`,
    price: values.price ?? '20.00',
    stock: values.stock ?? 10,
    isDeleted: values.isDeleted ?? false,
    sku: `TEST-${counter}-${Math.random().toString(36).slice(2, 8)}`,
  });
  return row!;
}

export async function addCoupon(db: Database, values: Partial<typeof coupons.$inferInsert> & { code: string; type: 'percentage' | 'fixed'; amount: string }) {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export async function timesUsed(db: Database, couponId: number): Promise<number> {
  const [row] = await db.select({ timesUsed: coupons.timesUsed }).from(coupons).where(eq(coupons.id, couponId));
  return row!.timesUsed;
}

/** Shipping $5.99 under $50, a Texas business address, and an optional default tax rate. */
export async function configureShop(
  db: Database,
  values: { taxRate?: string; shippingCost?: string | null; freeShippingThreshold?: string | null; fulfillmentEmail?: string | null } = {},
) {
  await db
    .update(siteSettings)
    .set({
      taxRate: values.taxRate ?? '0',
      shippingCost: values.shippingCost === undefined ? '5.99' : values.shippingCost,
      freeShippingThreshold: values.freeShippingThreshold === undefined ? '50' : values.freeShippingThreshold,
      fulfillmentEmail: values.fulfillmentEmail === undefined ? 'orders@shop.example' : values.fulfillmentEmail,
    })
    .where(eq(siteSettings.id, 1));
  await db.update(contactInfo).set({ address: '2401 E Cesar Chavez St, Austin, TX, 78702' }).where(eq(contactInfo.id, 1));
}

export const texasAddress = { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
export const oregonAddress = { street: '1 Main St', city: 'Portland', state: 'OR', zip: '97201', country: 'US' };
export const nevadaAddress = { street: '1 Strip Blvd', city: 'Las Vegas', state: 'NV', zip: '89101', country: 'US' };

export function checkoutBody(items: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Pat Dinker',
    customerEmail: 'pat@example.com',
    phone: '',
    shippingAddress: texasAddress,
    items,
    ...overrides,
  };
}

const nextYear = new Date().getUTCFullYear() + 1;

/** Places the checkout (as `inject` sends it: a shopper's, or the app's for a guest) and pays it with the simulator's good card. */
export async function placeAndPay(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  body: object,
): Promise<{ orderId: number; paymentIntentId: string }> {
  const placed = await inject({ method: 'POST', url: '/api/create-payment-intent', payload: body });
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId, paymentIntentId } = placed.json() as { orderId: number; paymentIntentId: string };
  const paid = await inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().status, paid.body).toBe('succeeded');
  return { orderId, paymentIntentId };
}
