import { checkoutBody, texasAddress } from '#server/test/checkout-fixtures.ts';

export interface ExampleFacts {
  productId: number;
  variantId: number;
  itemId: number;
  orderKey: string | null;
  guestPaymentIntentId: string;
  image: string;
}

/** Bodies by operation. */
export type Examples = Readonly<Record<string, readonly unknown[]>>;

const nextYear = new Date().getUTCFullYear() + 1;
const review = { rating: 4, title: 'Fuzzed', body: 'Holds up.', skillLevel: '3.5', playFormat: 'doubles', playStyle: 'control', usagePeriod: '1_6_months' };
const coupon = { code: 'FUZZ20', type: 'fixed', amount: '20.00', usageLimit: 5, isActive: true, validFrom: '2026-01-01', validTo: '2030-01-01' };

/**
 * A body each deep operation accepts, most of them read back from the shop's own answers (a product's
 * document, the paddle finder's rules, the site settings): the fuzz changes one field of them at a time.
 */
export async function bodyExamples(read: (url: string) => Promise<Record<string, unknown>>, facts: ExampleFacts): Promise<Examples> {
  const document = await read(`/api/admin/products/${facts.productId}/document`);
  const finder = await read('/api/admin/paddle-finder');
  const settings = await read('/api/site-settings');
  const contact = await read('/api/contact-info');
  const line = { productId: facts.productId, variantId: facts.variantId, quantity: 1 };
  // the same product again, as new: no ids, its own slug and SKUs
  const { id: _id, ...product } = document;
  const variants = (document.variants as Record<string, unknown>[]).map(({ id: _variant, ...variant }) => ({ ...variant, sku: `${String(variant.sku)}-COPY` }));
  const copy = { ...product, name: 'Fuzz Copy', slug: 'fuzz-copy', variants };
  return {
    'POST /api/create-payment-intent': [checkoutBody([line], { couponCode: 'FUZZ10' })],
    'POST /api/tax/calculate': [
      { toAddress: texasAddress, lineItems: [{ id: facts.productId, variantId: facts.variantId, quantity: 2 }], couponCode: 'FUZZ10' },
    ],
    'POST /api/validate-coupon': [{ code: 'FUZZ10' }],
    'POST /api/payments/simulated/confirm': [
      { paymentIntentId: facts.guestPaymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
    ],
    'PUT /api/admin/products/{id}/document': [document],
    'POST /api/admin/products/document': [copy],
    'PUT /api/admin/paddle-finder': [finder.rules],
    'POST /api/site-settings': [{ ...settings, heroImageUrl: facts.image }],
    'POST /api/contact-info': [contact],
    'POST /api/products/{id}/reviews': [review],
    'PUT /api/reviews/{id}': [review],
    'POST /api/orders/number/{orderNumber}/returns': [
      { key: facts.orderKey, lines: [{ itemId: facts.itemId, quantity: 1 }], reason: 'Too big', requestId: 'fuzz-return-2' },
    ],
    'POST /api/orders/{id}/refunds': [
      { kind: 'lines', lines: [{ itemId: facts.itemId, quantity: 1, restock: true }], reason: 'Damaged', requestId: 'fuzz-refund-1' },
      { kind: 'amount', amount: '5.00', reason: 'Goodwill', requestId: 'fuzz-refund-2' },
    ],
    'POST /api/returns/{id}/receive': [{ lines: [{ itemId: facts.itemId, restock: true }] }],
    'POST /api/coupons': [coupon],
    'PATCH /api/coupons/{id}': [coupon],
  };
}
