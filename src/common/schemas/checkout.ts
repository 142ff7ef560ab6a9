import { z } from 'zod';
import { CA_PROVINCE_CODES, CHOOSE_PROVINCE, INVALID_POSTAL_CODE, normalizeCanadianPostalCode } from '../canadian-address.ts';
import { US_STATE_CODES } from '../constants.ts';
import { EMAIL_PATTERN, ZIP_PATTERN } from '../patterns.ts';
import { GiftCardCodes, GiftCardRecipient } from './gift-card-shopper.ts';
import { fromDecimalText, positiveId } from './whole-number.ts';

// Checkout payloads. Money is integer cents unless a field says dollars.

// far above what a shopper buys at once, low enough that one order cannot take a whole catalogue
const MAX_LINE_QUANTITY = 100;
const MAX_ORDER_LINES = 50;
/** numeric(10,2), the column every amount is stored in */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

/** A random id the page keeps per cart: a new payment for the same cart replaces its unpaid one. */
const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const ADDRESS_REQUIRED = 'Please complete shipping address';

const requiredText = (max: number, message = ADDRESS_REQUIRED) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

// shoppers type "ca" as readily as "CA"
const StateCode = z
  .string({ error: ADDRESS_REQUIRED })
  .trim()
  .min(1, ADDRESS_REQUIRED)
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(US_STATE_CODES, { error: 'Please choose a US state' }));

const ZipCode = z.string({ error: ADDRESS_REQUIRED }).trim().min(1, ADDRESS_REQUIRED).regex(ZIP_PATTERN, 'Please enter a valid ZIP code');

// A wallet's address and the shop's own are US addresses; the card checkout also takes Canada (DeliveryAddress)
const Country = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.literal('US', { error: 'Country must be US' }))
  .default('US');

export const ShippingAddress = z.object({
  street: requiredText(200),
  city: requiredText(100),
  state: StateCode,
  zip: ZipCode,
  country: Country,
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

const ProvinceCode = z
  .string({ error: ADDRESS_REQUIRED })
  .trim()
  .min(1, ADDRESS_REQUIRED)
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(CA_PROVINCE_CODES, { error: CHOOSE_PROVINCE }));

// stored as Canada Post prints it ("K1A 0B1"), whatever spacing and case the shopper typed
const PostalCode = z
  .string({ error: ADDRESS_REQUIRED })
  .trim()
  .min(1, ADDRESS_REQUIRED)
  .max(10, INVALID_POSTAL_CODE)
  .transform((value, ctx) => {
    const normalized = normalizeCanadianPostalCode(value);
    if (normalized === null) ctx.addIssue({ code: 'custom', message: INVALID_POSTAL_CODE });
    return normalized ?? value;
  });

export const CanadianShippingAddress = z.object({
  street: requiredText(200),
  city: requiredText(100),
  state: ProvinceCode,
  zip: PostalCode,
  country: z.literal('CA'),
});
export type CanadianShippingAddress = z.infer<typeof CanadianShippingAddress>;

const UNSHIPPABLE_COUNTRY = 'Country must be US or CA';

/**
 * Where the card checkout ships: a US address (the country may be left out, as the spec's client does) or
 * a Canadian one (docs/decisions/069); whether a zone covers the province is the shipping methods' answer.
 */
export const DeliveryAddress = z.discriminatedUnion(
  'country',
  [ShippingAddress.extend({ country: z.literal('US', { error: UNSHIPPABLE_COUNTRY }).default('US') }), CanadianShippingAddress],
  { error: UNSHIPPABLE_COUNTRY },
);
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

const Quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

const ProductId = positiveId('Product id must be a positive integer');

const CouponCodeField = z
  .string()
  .trim()
  .max(50, 'Coupon code must be at most 50 characters')
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

/** The shipping method a shopper chose: "standard" (the built-in one) or a method's id as text (docs/decisions/049). */
const ShippingMethodId = z
  .string({ error: 'Please choose a shipping method' })
  .trim()
  .min(1, 'Please choose a shipping method')
  .max(20, 'Please choose a shipping method')
  .optional();

// ---- tax --------------------------------------------------------------------------------

/** What the spec's cart page sends; the server prices lines from the database, not from unit_price. */
export const TaxCalculateInput = z.object({
  // dollars as the spec's client computes it; informational only
  orderTotal: z.number().nonnegative().optional(),
  // named in the spec's request body and still accepted, but ignored: the origin is always the shop's own
  // contact address, read on the server (the shop's client no longer sends it)
  fromAddress: z.unknown().optional(),
  toAddress: DeliveryAddress,
  lineItems: z
    .array(
      z.object({
        id: ProductId,
        // a line of a product with several variants names its variant
        variantId: positiveId('Variant id must be a positive integer').optional(),
        quantity: Quantity,
        unit_price: z.union([z.number(), z.string()]).optional(),
        product_tax_code: z.string().max(50).optional(),
      }),
    )
    .min(1, 'Your cart is empty.')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines per order`),
  // lets the tax match what checkout will charge when a coupon is applied
  couponCode: CouponCodeField,
  // and its shipping, taxed in the states that tax it; absent: the cheapest method
  shippingMethodId: ShippingMethodId,
});
export type TaxCalculateInput = z.input<typeof TaxCalculateInput>;

export const TaxResult = z.object({
  /** dollars, 2 decimals, as the spec's client reads it */
  amount: z.number(),
  amountCents: z.number().int(),
  /** fraction: 0.0725 is 7.25 % */
  rate: z.number(),
  /** true when the precise rate could not be had and the settings' taxRate applied ("Using default tax rate") */
  fallback: z.boolean(),
  provider: z.enum(['state-rates', 'taxjar']),
});
export type TaxResult = z.infer<typeof TaxResult>;

// ---- coupons ----------------------------------------------------------------------------

// the spec's page shows the message as is: a missing code, or no body at all, reads like an unknown one
export const ValidateCouponInput = z.object(
  { code: z.string({ error: 'Invalid coupon code' }).trim().min(1, 'Invalid coupon code').max(50, 'Invalid coupon code') },
  { error: 'Invalid coupon code' },
);
export type ValidateCouponInput = z.infer<typeof ValidateCouponInput>;

// free_shipping: a discount code (decision 058) whose saving is the shipping
const CouponType = z.enum(['percentage', 'fixed', 'free_shipping']);

/** amount is a 2-decimal string: percent for percentage coupons, dollars for fixed ones. */
export const CouponResult = z.object({
  code: z.string(),
  type: CouponType,
  amount: z.string(),
});
export type CouponResult = z.infer<typeof CouponResult>;

// ---- payment creation -------------------------------------------------------------------

const NAME_AND_EMAIL_REQUIRED = 'Customer name and email are required';

/**
 * A cart line names a product (one with a single variant) or a variant; a product with several
 * variants needs the variant (the server answers 400 naming the product).
 */
const CheckoutItem = z
  .object({
    productId: ProductId.optional(),
    variantId: positiveId('Variant id must be a positive integer').optional(),
    quantity: Quantity,
    // a cart item's product may ride along; only its id is read
    product: z.object({ id: ProductId }).loose().optional(),
    // a gift card line: who it is for and when it is e-mailed (decision 066)
    giftCard: GiftCardRecipient.optional(),
  })
  .transform((item, ctx) => {
    const productId = item.productId ?? item.product?.id;
    if (productId === undefined && item.variantId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Product id must be a positive integer', path: ['productId'] });
      return z.NEVER;
    }
    return { productId, variantId: item.variantId, quantity: item.quantity, ...(item.giftCard && { giftCard: item.giftCard }) };
  });
export type CheckoutItem = z.output<typeof CheckoutItem>;

export const CreatePaymentIntentInput = z.object({
  customerName: z.string({ error: NAME_AND_EMAIL_REQUIRED }).trim().min(1, NAME_AND_EMAIL_REQUIRED).max(200, 'Name must be at most 200 characters'),
  // stored lowercase: people type e-mails in any case
  customerEmail: z
    .string({ error: NAME_AND_EMAIL_REQUIRED })
    .trim()
    .min(1, NAME_AND_EMAIL_REQUIRED)
    .max(254, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .transform((email) => email.toLowerCase()),
  phone: z
    .string()
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  // left out only for a cart of gift cards alone, which ships nothing (decision 071); the server refuses any other without one
  shippingAddress: DeliveryAddress.optional(),
  items: z
    .array(CheckoutItem, { error: 'Your cart is empty.' })
    .min(1, 'Your cart is empty.')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines per order`),
  couponCode: CouponCodeField,
  // absent: the cheapest method that takes the cart to the address
  shippingMethodId: ShippingMethodId,
  // the page's cart: its earlier unpaid payment (cart, address or card changed since) is cancelled
  // first, so the shopper's own reservation neither blocks the new one nor lingers
  cartToken: z
    .string()
    .regex(CART_TOKEN_PATTERN, 'Invalid cart token')
    .optional()
    .nullable()
    .transform((value) => value ?? undefined),
  // what the page computed; never charged, only compared
  amount: z
    .number({ error: 'Amount must be a whole number of cents' })
    .int('Amount must be a whole number of cents')
    .nonnegative('Amount must be a whole number of cents')
    .optional(),
  // gift cards that pay part of the total, the card payment the rest (decision 059)
  giftCardCodes: GiftCardCodes,
});
export type CreatePaymentIntentInput = z.input<typeof CreatePaymentIntentInput>;
export type CheckoutRequest = z.output<typeof CreatePaymentIntentInput>;

/** An order's figures in cents, as orderTotals (order-totals.ts) computes them on both sides. */
export const OrderTotals = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

export const CreatePaymentIntentResult = z.object({
  /** null when the gift cards paid the whole order: there is no card payment to confirm */
  clientSecret: z.string().nullable(),
  /** the provider's payment id, or the payment reference of an order its gift cards paid whole (decision 071) */
  paymentIntentId: z.string(),
  orderId: z.number().int(),
  /** the server's total in cents: what is charged, whatever the page sent */
  amount: z.number().int(),
  totals: OrderTotals,
  provider: z.enum(['simulated', 'stripe']),
  /** true when the tax is the settings' default rate because the tax service failed */
  taxFallback: z.boolean(),
  /** what the gift cards pay of the total (held until the payment succeeds); `amount` is the rest */
  giftCardCents: z.number().int().optional(),
  /** true when the order is already paid (by its gift cards): the page goes straight to the confirmation */
  paid: z.boolean().optional(),
});
export type CreatePaymentIntentResult = z.infer<typeof CreatePaymentIntentResult>;

// ---- simulated card payments --------------------------------------------------------------

export const SimulatedConfirmInput = z.object({
  paymentIntentId: z.string().trim().min(1, 'Payment id is required').max(200),
  card: z.object({
    // spaces and dashes as people type them
    number: z
      .string({ error: 'Card number is required' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
    expMonth: fromDecimalText(
      z
        .number({ error: "Your card's expiration month is invalid." })
        .int("Your card's expiration month is invalid.")
        .min(1, "Your card's expiration month is invalid.")
        .max(12, "Your card's expiration month is invalid."),
    ),
    // two-digit years mean 20xx
    expYear: fromDecimalText(
      z
        .number({ error: "Your card's expiration year is invalid." })
        .int("Your card's expiration year is invalid.")
        .min(0, "Your card's expiration year is invalid.")
        .max(2200, "Your card's expiration year is invalid."),
    ).transform((year) => (year < 100 ? 2000 + year : year)),
    cvc: z
      .string({ error: "Your card's security code is invalid." })
      .trim()
      .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
  }),
});
export type SimulatedConfirmInput = z.input<typeof SimulatedConfirmInput>;
export type SimulatedConfirmRequest = z.output<typeof SimulatedConfirmInput>;

export const SimulatedConfirmResult = z.object({
  status: z.enum(['succeeded', 'failed']),
  message: z.string().optional(),
  redirectUrl: z.string(),
});
export type SimulatedConfirmResult = z.infer<typeof SimulatedConfirmResult>;

/** Route param: our simulated ids and Stripe's are letters, digits, "_" and "-". */
export const PaymentIntentIdParam = z.object({
  paymentIntentId: z.string().regex(/^[\w-]{3,200}$/, 'Invalid payment id'),
});

/** status mirrors Stripe's payment intent statuses (succeeded, processing, requires_payment_method, canceled, ...). */
export const PaymentStatusResult = z.object({
  success: z.boolean(),
  status: z.string(),
  orderId: z.number().int(),
  /** the order's own record: pending, succeeded, failed or cancelled */
  paymentStatus: z.string(),
});
export type PaymentStatusResult = z.infer<typeof PaymentStatusResult>;
