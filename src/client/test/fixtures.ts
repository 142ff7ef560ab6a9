import { CreatePaymentIntentResult, OrderTotals, TaxResult } from '#common/schemas/checkout.ts';
import { ShippingRatesResult } from '#common/schemas/shipping.ts';
import { Product, ProductDetail } from '#common/schemas/catalog.ts';
import { PublicConfig, SiteSettings } from '#common/schemas/content.ts';
import { PublicUser } from '#common/schemas/accounts.ts';
import { OwnReview, ReviewPage } from '#common/schemas/reviews.ts';
import { OrderView } from '#common/schemas/orders.ts';

// Server answers for component tests, each checked against the schema the server answers with,
// so a fixture cannot drift from what the API really sends.

export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return SiteSettings.parse({
    siteTitle: 'Pickleball Shop',
    heroTitle: null,
    heroDescription: null,
    heroImageUrl: null,
    featuresTitle: null,
    feature1Title: null,
    feature1Description: null,
    feature2Title: null,
    feature2Description: null,
    feature3Title: null,
    feature3Description: null,
    primaryColor: null,
    headerColor: null,
    bodyColor: null,
    footerColor: null,
    // percent with two decimals, as the database keeps it
    taxRate: '7.25',
    shippingCost: '10.00',
    freeShippingThreshold: '100.00',
    fulfillmentEmail: null,
    stockAlertFactor: null,
    lowStockThreshold: '5',
    authPageTitle: null,
    authPageCardTitle: null,
    authPageHeroTitle: null,
    authPageHeroDescription: null,
    returnWindowDays: 30,
    returnConditions: '',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export function publicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return PublicConfig.parse({
    paymentProvider: 'simulated',
    stripePublishableKey: null,
    taxProvider: 'state-rates',
    mailTransport: 'outbox',
    allowConfirmationTest: false,
    isProduction: false,
    ...overrides,
  });
}

export function product(overrides: Partial<Product> = {}): Product {
  return Product.parse({
    id: 1,
    brandId: null,
    name: 'Court Pro Paddle',
    slug: 'court-pro-paddle',
    sku: 'CPP-1',
    price: '60.00',
    description: null,
    thickness: null,
    color: null,
    imageUrl: null,
    stock: 10,
    releaseDate: null,
    isFeatured: false,
    productTypeId: 1,
    usapaStatus: 'approved',
    usapaCheckedOn: null,
    brand: null,
    ...overrides,
  });
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return ProductDetail.parse({
    ...product(),
    ratingAverage: null,
    ratingCount: 0,
    productType: { id: 1, slug: 'paddles', name: 'Paddles', position: 0, options: [], attributes: [] },
    options: [],
    variants: [],
    images: [],
    attributes: [],
    ...overrides,
  });
}

export function taxResult(amountCents: number, rate: number, overrides: Partial<TaxResult> = {}): TaxResult {
  return TaxResult.parse({ amount: amountCents / 100, amountCents, rate, fallback: false, provider: 'state-rates', ...overrides });
}

/**
 * POST /api/shipping/rates as a shop without zones answers it: the built-in Standard shipping, the spec's
 * cost under the threshold and free at or over it, for the cart's subtotal at the given unit prices (cents by product id).
 */
export function builtInShippingRates(prices: Record<number, number> | ((productId: number) => number), costCents: number, thresholdCents: number) {
  const priceOf = typeof prices === 'function' ? prices : (productId: number) => prices[productId] ?? 0;
  return (request: { body: unknown }) => {
    const { items } = request.body as { items: Array<{ productId: number; quantity: number }> };
    const subtotal = items.reduce((sum, item) => sum + priceOf(item.productId) * item.quantity, 0);
    const priceCents = subtotal >= thresholdCents ? 0 : costCents;
    const methods = [{ id: 'standard', name: 'Standard shipping', kind: 'delivery', priceCents, arrivesFrom: '2026-12-02', arrivesBy: '2026-12-04' }];
    return { json: ShippingRatesResult.parse({ methods, pickupAddress: null }) };
  };
}

/** POST /api/create-payment-intent's answer: the server's totals and the amount it will charge. */
export function paymentIntent(id: string, totals: OrderTotals, overrides: Partial<CreatePaymentIntentResult> = {}): CreatePaymentIntentResult {
  return CreatePaymentIntentResult.parse({
    clientSecret: `${id}_secret`,
    paymentIntentId: id,
    orderId: 1,
    amount: totals.total,
    totals,
    provider: 'simulated',
    taxFallback: false,
    ...overrides,
  });
}

/** GET /api/user for a signed-in customer. */
export function customer(overrides: Partial<PublicUser> = {}): PublicUser {
  return PublicUser.parse({
    id: 5,
    username: 'dana',
    email: 'dana@example.com',
    fullName: 'Dana Dinker',
    marketingConsent: false,
    isAdmin: false,
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  });
}

/** The customer's own review as the API answers it after a save. */
export function ownReview(overrides: Partial<OwnReview> = {}): OwnReview {
  return OwnReview.parse({
    id: 40,
    productId: 1,
    author: 'Dana D.',
    rating: 4,
    title: 'Great touch',
    body: 'Soft at the kitchen line.',
    skillLevel: '3.5',
    playFormat: 'doubles',
    playStyle: 'control',
    usagePeriod: '1_6_months',
    verifiedPurchase: true,
    helpfulCount: 0,
    votedHelpful: false,
    isOwn: true,
    ownerReply: null,
    photos: [],
    createdAt: '2026-11-20T12:00:00.000Z',
    status: 'pending',
    ...overrides,
  });
}

/** GET /api/products/:id/reviews with no published review yet. */
export function noReviews(): ReviewPage {
  return ReviewPage.parse({
    summary: { average: null, count: 0, distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })) },
    items: [],
    total: 0,
    page: 1,
    pageCount: 1,
    sort: 'newest',
  });
}

/** An order as the API shows it: two paddles paid for, shipped free to Austin, TX. */
export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  return OrderView.parse({
    id: 31,
    orderNumber: 'PB-7K3Q9D',
    status: 'processing',
    paymentStatus: 'succeeded',
    createdAt: '2026-11-28T09:00:00.000Z',
    subtotal: '120.00',
    total: '128.70',
    taxTotal: '8.70',
    shippingTotal: '0.00',
    shippingTax: '0.00',
    discountTotal: '0.00',
    customerName: 'Dana Dinker',
    customerEmail: 'dana@example.com',
    phone: null,
    street: '12 Baseline Rd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    country: 'US',
    shipsNothing: false,
    couponCode: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    trackingAddedAt: null,
    isArchived: false,
    refundedTotal: '0.00',
    disputeStatus: null,
    stripePaymentIntentId: null,
    items: [
      {
        id: 1,
        productId: 1,
        productName: 'Court Pro Paddle',
        variantId: null,
        sku: 'CPP-1',
        variantName: null,
        quantity: 2,
        price: '60.00',
        discountAllocated: '0.00',
        taxAllocated: '8.70',
        refundedQuantity: 0,
      },
    ],
    ...overrides,
  });
}
