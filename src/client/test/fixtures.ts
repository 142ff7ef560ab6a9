import { CreatePaymentIntentResult, OrderTotals, TaxResult } from '#common/schemas/checkout.ts';
import { Product, ProductDetail } from '#common/schemas/catalog.ts';
import { PublicConfig, SiteSettings } from '#common/schemas/content.ts';

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
    taxRate: '0.0725',
    shippingCost: '10.00',
    freeShippingThreshold: '100.00',
    fulfillmentEmail: null,
    stockAlertFactor: null,
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
