import { z } from 'zod';

// Payment diagnostics and test pages. Shared by the pages and the server.

export const REQUIRED_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

/** live/test from a Stripe key prefix; `simulated` when the card simulator is active; `missing` / `unknown` otherwise. */
export const KeyMode = z.enum(['live', 'test', 'simulated', 'missing', 'unknown']);
export type KeyMode = z.infer<typeof KeyMode>;

const PaymentProviderName = z.enum(['simulated', 'stripe']);

/** "Payment mode check result", plus which provider answered. */
export const StripeModeCheck = z.object({
  provider: PaymentProviderName,
  keyMode: KeyMode,
  publicKeyMode: KeyMode,
  /** the mode Stripe itself reports for this key (the simulator is always test) */
  mode: z.enum(['live', 'test']),
  /** the id of this check: Stripe's request id, or a fresh sim_ id from the simulator */
  sessionId: z.string(),
  webhookSecretConfigured: z.boolean(),
  /** true only when Stripe runs in live mode: real cards are charged */
  realCharges: z.boolean(),
  timestamp: z.string(),
});
export type StripeModeCheck = z.infer<typeof StripeModeCheck>;

export const WebhookSecretFormat = z.enum(['valid', 'invalid', 'not provided']);
export type WebhookSecretFormat = z.infer<typeof WebhookSecretFormat>;

export const WebhookEndpointInfo = z.object({
  id: z.string(),
  url: z.string(),
  status: z.string(),
  livemode: z.boolean(),
  /** ISO date-time */
  created: z.string(),
  hasSecret: z.boolean(),
  enabledEvents: z.array(z.string()),
  /** points at this shop's webhook URL */
  urlMatches: z.boolean(),
  /** the required events that this endpoint does not send */
  missingEvents: z.array(z.string()),
  /** urlMatches with no missing event (a disabled one still counts: the page says it is disabled) */
  matches: z.boolean(),
});
export type WebhookEndpointInfo = z.infer<typeof WebhookEndpointInfo>;

/** "Webhook check result", plus which provider answered. */
export const StripeWebhookCheck = z.object({
  provider: PaymentProviderName,
  webhookSecretConfigured: z.boolean(),
  webhookSecretFormat: WebhookSecretFormat,
  webhookEndpoint: z.string(),
  totalWebhooks: z.number().int(),
  matchingWebhooks: z.number().int(),
  webhooks: z.array(WebhookEndpointInfo),
  requiredEvents: z.array(z.string()),
  timestamp: z.string(),
});
export type StripeWebhookCheck = z.infer<typeof StripeWebhookCheck>;

// ---------------------------------------------------------------------------------------------
// Payment test (/payment-test)
// ---------------------------------------------------------------------------------------------

export const DEFAULT_TEST_PAYMENT_AMOUNT = 5.49;
const MAX_TEST_PAYMENT_AMOUNT = 999_999.99;

export const TestPaymentInput = z.object({
  // a form sends text: plain decimal only ("0x10" and "1e3" are not amounts)
  amount: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: 'Amount must be a number' })
      .refine(Number.isFinite, 'Amount must be a number')
      .min(0.01, 'Amount must be at least 0.01')
      .max(MAX_TEST_PAYMENT_AMOUNT, `Amount must be at most ${MAX_TEST_PAYMENT_AMOUNT}`)
      // Step 0.01, so whole cents only
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amount must be in whole cents'),
  ),
});
export type TestPaymentInput = z.infer<typeof TestPaymentInput>;

/** "Test payment result". */
export const TestPaymentResult = z.object({
  order: z.object({ id: z.number().int(), total: z.string() }),
  paymentIntent: z.object({
    id: z.string(),
    /** cents */
    amount: z.number().int(),
    amountInDollars: z.string(),
    status: z.string(),
    clientSecret: z.string(),
  }),
  provider: PaymentProviderName,
});
export type TestPaymentResult = z.infer<typeof TestPaymentResult>;

/** The newest paid order's payment, for the confirmation simulator's "real order" link. */
export const PaidPaymentSample = z.object({ paymentIntentId: z.string().nullable(), orderId: z.number().int().nullable() });
export type PaidPaymentSample = z.infer<typeof PaidPaymentSample>;

// ---------------------------------------------------------------------------------------------
// Test order e-mail (/admin/test-order-email, POST /api/test-order-email)
// ---------------------------------------------------------------------------------------------

export const TEST_ORDER_COUNTRIES = ['US', 'CA', 'UK', 'AU'] as const;
// the test form spells the last status "canceled"
export const TEST_ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'canceled'] as const;
const MAX_TEST_ORDER_ITEMS = 50;
const MAX_MONEY = 99_999_999.99;

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/** A number field whose wrong type and out-of-range value share the spec's one message. */
const amountAtLeast = (min: number, message: string) =>
  z.number({ error: message }).refine(Number.isFinite, message).min(min, message).max(MAX_MONEY, `Must be at most ${MAX_MONEY}`);

const TestOrderItemInput = z
  .object({
    // a product from the catalogue, or a custom name typed by the admin
    productId: z.number().int().positive('Choose a product').optional().nullable(),
    customName: optionalText(200),
    quantity: z
      .number({ error: 'Quantity must be at least 1' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(10_000, 'Quantity must be at most 10000'),
    price: amountAtLeast(0.01, 'Price must be greater than 0'),
  })
  .refine((item) => (item.productId ?? null) !== null || Boolean(item.customName), {
    message: 'Choose a product or enter an item name',
    path: ['customName'],
  });

const TestOrderAddressInput = z.object({
  street: requiredText('Street address is required'),
  city: requiredText('City is required', 100),
  state: requiredText('State is required', 100),
  zipCode: requiredText('ZIP code is required', 20),
  country: z.enum(TEST_ORDER_COUNTRIES, { error: 'Country must be one of US, CA, UK, AU' }).default('US'),
});

const roundCents = (value: number) => Math.round(value * 100) / 100;

/** Subtotal is the sum of price x quantity (to the cent). */
export function testOrderSubtotal(items: ReadonlyArray<{ price: number; quantity: number }>): number {
  return roundCents(items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0) / 100);
}

/** Total is max(0, subtotal - discount) + tax + shipping, rounded to 2 decimals. */
export function testOrderTotal(values: { subtotal: number; couponDiscount?: number | null; tax: number; shipping: number }): number {
  return roundCents(Math.max(0, values.subtotal - (values.couponDiscount ?? 0)) + values.tax + values.shipping);
}

const sameCents = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

export const TestOrderEmailInput = z
  .object({
    customerName: requiredText('Customer name is required'),
    customerEmail: z.string({ error: 'Valid email is required' }).trim().pipe(z.email('Valid email is required')),
    phone: optionalText(40),
    address: TestOrderAddressInput,
    items: z
      .array(TestOrderItemInput, { error: 'At least one item is required' })
      .min(1, 'At least one item is required')
      .max(MAX_TEST_ORDER_ITEMS, `At most ${MAX_TEST_ORDER_ITEMS} items`),
    orderStatus: z.enum(TEST_ORDER_STATUSES, { error: 'Status must be one of pending, processing, shipped, delivered, canceled' }),
    trackingNumber: optionalText(100),
    trackingUrl: z
      .string()
      .trim()
      .max(500, 'Must be at most 500 characters')
      .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'Tracking URL must be a valid http(s) URL')
      .optional(),
    subtotal: amountAtLeast(0, 'Subtotal must be greater than or equal to 0'),
    tax: amountAtLeast(0, 'Tax must be greater than or equal to 0'),
    shipping: amountAtLeast(0, 'Shipping must be greater than or equal to 0'),
    total: amountAtLeast(0.01, 'Total must be greater than 0'),
    couponCode: optionalText(50),
    couponDiscount: z
      .number({ error: 'Discount must be a number' })
      .refine(Number.isFinite, 'Discount must be a number')
      .min(0, 'Discount must be greater than or equal to 0')
      .max(MAX_MONEY, `Must be at most ${MAX_MONEY}`)
      .optional(),
  })
  // the e-mail must add up: the form recomputes both live, the server refuses figures that do not
  .superRefine((order, ctx) => {
    // only figures that passed their own rules are compared (their messages come first)
    const figures = [order.subtotal, order.tax, order.shipping, order.total, order.couponDiscount ?? 0];
    const itemsValid = Array.isArray(order.items) && order.items.length > 0 && order.items.every((item) => item.quantity >= 1 && item.price >= 0.01);
    if (!itemsValid || !figures.every((value) => Number.isFinite(value) && value >= 0) || order.total < 0.01) return;
    const subtotal = testOrderSubtotal(order.items);
    if (!sameCents(order.subtotal, subtotal)) {
      ctx.addIssue({ code: 'custom', path: ['subtotal'], message: `Subtotal must equal the items' sum (${subtotal.toFixed(2)})` });
      return;
    }
    const total = testOrderTotal(order);
    if (!sameCents(order.total, total)) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: `Total must equal subtotal minus discount plus tax and shipping (${total.toFixed(2)})` });
    }
  });
export type TestOrderEmailInput = z.infer<typeof TestOrderEmailInput>;
/** What the form holds before validation (country may be left to its default). */
export type TestOrderEmailFormValues = z.input<typeof TestOrderEmailInput>;

/** "Test e-mail result". */
export const TestEmailResult = z.object({
  order: z.object({ id: z.number().int(), total: z.string(), status: z.string() }),
  message: z.string(),
  recipient: z.string(),
  template: z.enum(['order-confirmation', 'order-shipped']),
  delivery: z.enum(['sent', 'stored']),
});
export type TestEmailResult = z.infer<typeof TestEmailResult>;

/**
 * Defaults of the test e-mail form: one item at 29.99, tax 2.40, shipping 5.99,
 * total 38.38, status shipped, country US. The rest is a plausible customer to edit.
 */
export function defaultTestOrderValues(customerEmail = ''): TestOrderEmailFormValues {
  return {
    customerName: 'Test Customer',
    customerEmail,
    phone: '',
    address: { street: '123 Test Street', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' },
    items: [{ productId: null, customName: 'Test Paddle', quantity: 1, price: 29.99 }],
    orderStatus: 'shipped',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: '',
    subtotal: 29.99,
    tax: 2.4,
    shipping: 5.99,
    total: 38.38,
    couponCode: '',
    couponDiscount: 0,
  };
}
