import { checkoutBody, texasAddress } from '#server/test/checkout-fixtures.ts';

/** Who sends a request: nobody signed in, a customer or the owner. */
export type Role = 'anonymous' | 'customer' | 'admin';

interface ExampleFacts {
  productId: number;
  variantId: number;
  orderId: number;
  orderNumber: string;
  itemId: number;
  reviewId: number;
  returnId: number;
  couponId: number;
  orderKey: string | null;
  guestPaymentIntentId: string;
  image: string;
}

/** A request the shop accepts: the fuzz changes one field of its body at a time. */
export interface Example {
  /** "PUT /api/admin/products/{id}/document", as the OpenAPI document names it */
  operation: string;
  url: string;
  role: Role;
  /** a JSON value, or the CSV text of a file (csv) */
  body: unknown;
  csv?: boolean;
}

const nextYear = new Date().getUTCFullYear() + 1;
const review = { rating: 4, title: 'Fuzzed', body: 'Holds up.', skillLevel: '3.5', playFormat: 'doubles', playStyle: 'control', usagePeriod: '1_6_months' };
const coupon = { code: 'FUZZ20', type: 'fixed', amount: '20.00', usageLimit: 5, isActive: true, validFrom: '2026-01-01', validTo: '2030-01-01' };

/**
 * A request each deep operation accepts, most bodies read back from the shop's own answers (a product's
 * document, the paddle finder's rules, the site settings).
 */
export async function requestExamples(
  read: (url: string) => Promise<Record<string, unknown>>,
  readText: (url: string) => Promise<string>,
  facts: ExampleFacts,
): Promise<Example[]> {
  const document = await read(`/api/admin/products/${facts.productId}/document`);
  const finder = await read('/api/admin/paddle-finder');
  const settings = await read('/api/site-settings');
  const contact = await read('/api/contact-info');
  const products = await readText('/api/admin/products/export.csv');
  const line = { productId: facts.productId, variantId: facts.variantId, quantity: 1 };
  // the same product again, as new: no ids, its own slug and SKUs
  const { id: _id, ...product } = document;
  const variants = (document.variants as Record<string, unknown>[]).map(({ id: _variant, ...variant }) => ({ ...variant, sku: `${String(variant.sku)}-COPY` }));
  const example = (operation: string, role: Role, url: string, body: unknown): Example => ({ operation, role, url, body });
  return [
    example('POST /api/create-payment-intent', 'anonymous', '/api/create-payment-intent', checkoutBody([line], { couponCode: 'FUZZ10' })),
    example('POST /api/tax/calculate', 'anonymous', '/api/tax/calculate', {
      toAddress: texasAddress,
      lineItems: [{ id: facts.productId, variantId: facts.variantId, quantity: 2 }],
      couponCode: 'FUZZ10',
    }),
    example('POST /api/validate-coupon', 'anonymous', '/api/validate-coupon', { code: 'FUZZ10' }),
    example('POST /api/payments/simulated/confirm', 'anonymous', '/api/payments/simulated/confirm', {
      paymentIntentId: facts.guestPaymentIntentId,
      card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' },
    }),
    example('PUT /api/admin/products/{id}/document', 'admin', `/api/admin/products/${facts.productId}/document`, document),
    example('POST /api/admin/products/document', 'admin', '/api/admin/products/document', { ...product, name: 'Fuzz Copy', slug: 'fuzz-copy', variants }),
    example('PUT /api/admin/paddle-finder', 'admin', '/api/admin/paddle-finder', finder.rules),
    example('POST /api/site-settings', 'admin', '/api/site-settings', { ...settings, heroImageUrl: facts.image }),
    example('POST /api/contact-info', 'admin', '/api/contact-info', contact),
    example('PUT /api/reviews/{id}', 'customer', `/api/reviews/${facts.reviewId}`, review),
    example('POST /api/orders/number/{orderNumber}/returns', 'customer', `/api/orders/number/${facts.orderNumber}/returns`, {
      key: facts.orderKey,
      lines: [{ itemId: facts.itemId, quantity: 1 }],
      reason: 'Too big',
      requestId: 'fuzz-return-2',
    }),
    example('POST /api/orders/{id}/refunds', 'admin', `/api/orders/${facts.orderId}/refunds`, {
      kind: 'lines',
      lines: [{ itemId: facts.itemId, quantity: 1, restock: true }],
      reason: 'Damaged',
      requestId: 'fuzz-refund-1',
    }),
    example('POST /api/orders/{id}/refunds', 'admin', `/api/orders/${facts.orderId}/refunds`, {
      kind: 'amount',
      amount: '5.00',
      reason: 'Goodwill',
      requestId: 'fuzz-refund-2',
    }),
    example('POST /api/returns/{id}/receive', 'admin', `/api/returns/${facts.returnId}/receive`, { lines: [{ itemId: facts.itemId, restock: true }] }),
    example('POST /api/coupons', 'admin', '/api/coupons', coupon),
    // the shop's own product export, previewed and imported
    { operation: 'POST /api/admin/products/import', role: 'admin', url: '/api/admin/products/import', body: products, csv: true },
    { operation: 'POST /api/admin/products/import', role: 'admin', url: '/api/admin/products/import?commit=1', body: products, csv: true },
    example('PATCH /api/coupons/{id}', 'admin', `/api/coupons/${facts.couponId}`, { ...coupon, code: 'FUZZ10' }),
  ];
}
