import { z } from 'zod';
import { centsToDecimal, toCents } from '../money.ts';
import { ORDER_STATUSES } from './orders.ts';
import { fromDecimalText, positiveId } from './whole-number.ts';

// Admin payloads (spec/admin.md §5, §7). Forms send multipart text, so numbers and flags
// arrive as strings; the schemas coerce them and hand the server normalised values.

const MAX_INT = 2_147_483_647;
const MAX_MONEY_CENTS = 99_999_999_99; // numeric(10,2)

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Trimmed optional text; an empty field clears the value (null). */
function optionalText(label: string, max = 500) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === '' ? null : value));
}

/**
 * A money-like amount given as text or number, >= 0 with at most 2 decimals, normalised to
 * the "12.50" string the database and API carry.
 */
export function decimalAmount(label: string, options: { max?: number; maxMessage?: string } = {}) {
  return z.union([z.string(), z.number()], { error: `${label} is required` }).transform((raw, ctx) => {
    const text = String(raw).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (value < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    const max = options.max ?? MAX_MONEY_CENTS / 100;
    if (value > max) {
      ctx.addIssue({ code: 'custom', message: options.maxMessage ?? `${label} must be at most ${max}` });
      return z.NEVER;
    }
    const cents = toCents(value);
    if (Math.abs(cents / 100 - value) > 1e-9) {
      ctx.addIssue({ code: 'custom', message: `${label} can have at most 2 decimal places` });
      return z.NEVER;
    }
    return centsToDecimal(cents);
  });
}

/** A flag as JSON boolean or as the multipart text "true"/"false" (spec §5). */
export function flag(label: string) {
  return z.union(
    [z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
    { error: `${label} must be true or false` },
  );
}

/** A leading YYYY-MM-DD must be a real day: Date.parse rolls 2024-02-31 over into March. */
function isRealCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return true;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isParsableDate = (value: string) => !Number.isNaN(Date.parse(value)) && isRealCalendarDay(value);

function isIsoDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && isParsableDate(value);
}

/** Uploaded files live under /uploads; anything else must be an http(s) address. */
function imageUrlField(label: string) {
  return optionalText(label, 1000).refine(
    (value) => value == null || /^\/uploads\/[a-z0-9-]+\.webp$/.test(value) || isHttpUrl(value),
    `${label} must be an uploaded image or an http(s) URL`,
  );
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- brands

export const BrandInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: optionalText('Description', 2000),
});
export type BrandInput = z.infer<typeof BrandInput>;

/** PATCH /api/brands/:id and /api/products/:id/featured. */
export const FeaturedInput = z.object({ isFeatured: flag('isFeatured') });
export type FeaturedInput = z.infer<typeof FeaturedInput>;

// ---------------------------------------------------------------- products

const productFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  price: decimalAmount('Price'),
  brandId: positiveId('Brand selection is required'),
  // a form's number input arrives as text
  stock: fromDecimalText(
    z
      .number({ error: 'Stock must be a whole number' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(MAX_INT, 'Stock is too large'),
  ),
  sku: optionalText('SKU', 100),
  description: optionalText('Description', 5000),
  thickness: optionalText('Thickness', 100),
  color: optionalText('Color', 100),
  imageUrl: imageUrlField('Image URL'),
  releaseDate: z
    .string({ error: 'Release date must be an ISO date-time' })
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value == null || isIsoDateTime(value), 'Release date must be an ISO date-time')
    .transform((value) => (value == null ? value : new Date(value).toISOString())),
  isFeatured: flag('isFeatured'),
};

/** POST /api/products (multipart fields; the image file rides beside them). */
export const ProductInput = z.object({
  ...productFields,
  stock: productFields.stock.default(0),
  isFeatured: productFields.isFeatured.default(false),
});
export type ProductInput = z.infer<typeof ProductInput>;

/**
 * PATCH /api/products/:id: the same fields, each optional; an absent field stays as it is.
 * Checkouts move stock while a form is open, so a form that changes stock also sends `stockWas`,
 * the stock it loaded: the server applies the change only if stock is still that number (409
 * otherwise). A client sending `stock` alone sets it outright, as the API always allowed.
 */
export const ProductUpdateInput = z
  .object({
    ...productFields,
    stockWas: z.coerce
      .number({ error: 'stockWas must be a whole number' })
      .int('stockWas must be a whole number')
      .min(0, 'stockWas cannot be negative')
      .max(MAX_INT, 'stockWas is too large'),
  })
  .partial()
  .refine((input) => input.stockWas === undefined || input.stock !== undefined, {
    path: ['stockWas'],
    message: 'stockWas needs the new stock beside it',
  });
export type ProductUpdateInput = z.infer<typeof ProductUpdateInput>;

// ---------------------------------------------------------------- site content

// spec §5: every settings field is optional and an empty string counts as missing
function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}
const settingText = (label: string, max = 2000) =>
  setting(z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`));
const settingColor = (label: string) =>
  setting(z.string({ error: `${label} must be a color like #1e40af` }).trim().regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a color like #1e40af`).transform((v) => v.toLowerCase()));

export const SiteSettingsInput = z.object({
  siteTitle: settingText('Site title', 200),
  heroTitle: settingText('Hero title', 200),
  heroDescription: settingText('Hero description'),
  heroImageUrl: setting(imageUrlField('Hero image URL')),
  featuresTitle: settingText('Features title', 200),
  feature1Title: settingText('Feature 1 title', 200),
  feature1Description: settingText('Feature 1 description'),
  feature2Title: settingText('Feature 2 title', 200),
  feature2Description: settingText('Feature 2 description'),
  feature3Title: settingText('Feature 3 title', 200),
  feature3Description: settingText('Feature 3 description'),
  primaryColor: settingColor('Primary color'),
  headerColor: settingColor('Header color'),
  bodyColor: settingColor('Body color'),
  footerColor: settingColor('Footer color'),
  taxRate: setting(decimalAmount('Tax rate', { max: 100, maxMessage: 'Tax rate must be between 0 and 100' })),
  shippingCost: setting(decimalAmount('Shipping cost')),
  freeShippingThreshold: setting(decimalAmount('Free shipping threshold')),
  // stored lowercase: people type e-mails in any case
  fulfillmentEmail: setting(z.email('Fulfillment email must be a valid email address').trim().transform((v) => v.toLowerCase())),
  authPageTitle: settingText('Auth page title', 200),
  authPageCardTitle: settingText('Auth page card title', 200),
  authPageHeroTitle: settingText('Auth page hero title', 200),
  authPageHeroDescription: settingText('Auth page hero description'),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInput>;

// Social links are shown as links on /contact, so only http(s) addresses are accepted.
const socialLink = (label: string) =>
  optionalText(label, 500).refine((value) => value == null || isHttpUrl(value), `${label} must be an http(s) URL`);

/** POST /api/contact-info: the whole form; an empty field clears that line. */
export const ContactInfoInput = z.object({
  email: optionalText('Email', 254).refine((value) => value == null || z.email().safeParse(value).success, 'Please enter a valid email address'),
  phone: optionalText('Phone', 50),
  // "street, city, state, zip": also the tax origin address (spec/storefront.md §3)
  address: optionalText('Address', 500),
  facebook: socialLink('Facebook'),
  twitter: socialLink('Twitter'),
  instagram: socialLink('Instagram'),
  linkedin: socialLink('LinkedIn'),
  businessHours: optionalText('Business hours', 500),
});
export type ContactInfoInput = z.infer<typeof ContactInfoInput>;

const policyTitle = (n: number) =>
  z.string({ error: `Title ${n} must be text` }).trim().max(200, `Title ${n} must be at most 200 characters`).default('');
const policyContent = (n: number) =>
  z.string({ error: `Content ${n} must be text` }).max(50_000, `Content ${n} must be at most 50000 characters`).default('');

export const PoliciesInput = z.object({
  title1: policyTitle(1),
  content1: policyContent(1),
  title2: policyTitle(2),
  content2: policyContent(2),
  title3: policyTitle(3),
  content3: policyContent(3),
});
export type PoliciesInput = z.infer<typeof PoliciesInput>;

// ---------------------------------------------------------------- coupons

function couponDate(field: 'validFrom' | 'validTo') {
  const message = `Invalid date format for ${field}`;
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value == null || isParsableDate(value), message)
    .transform((value) => (value == null ? null : new Date(value).toISOString()));
}

export const CouponInput = z
  .object({
    // stored uppercase: shoppers type codes in any case
    code: z
      .string({ error: 'Coupon code is required' })
      .trim()
      .min(1, 'Coupon code is required')
      .max(50, 'Coupon code must be at most 50 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Coupon code may contain only letters, digits, dashes and underscores')
      .transform((code) => code.toUpperCase()),
    type: z.enum(['percentage', 'fixed'], { error: 'Type must be percentage or fixed' }),
    amount: decimalAmount('Amount'),
    usageLimit: fromDecimalText(
      z
        .number({ error: 'Usage limit must be a whole number' })
        .int('Usage limit must be a whole number')
        .min(0, 'Usage limit cannot be negative')
        .max(MAX_INT, 'Usage limit is too large'),
    ).default(0),
    isActive: flag('isActive').default(true),
    validFrom: couponDate('validFrom'),
    validTo: couponDate('validTo'),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.type === 'percentage' && Number(coupon.amount) > 100) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage discount cannot exceed 100' });
    }
    if (coupon.validFrom && coupon.validTo && Date.parse(coupon.validFrom) > Date.parse(coupon.validTo)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'End date must be after start date' });
    }
  });
export type CouponInput = z.infer<typeof CouponInput>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(['percentage', 'fixed']),
  amount: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usageLimit: z.number().int(),
  timesUsed: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

// ---------------------------------------------------------------- admin lists

// The admin lists answer one page at a time (an array, as the spec's calls do), with the
// total in an X-Total-Count header: a shop with 20,000 orders cannot send them all.
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
const MAX_PAGE = 1_000_000;

function pageFields(defaultSize: number) {
  return {
    page: z.coerce
      .number({ error: 'page must be a whole number of at least 1' })
      .int('page must be a whole number of at least 1')
      .min(1, 'page must be a whole number of at least 1')
      .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
      .default(1),
    pageSize: z.coerce
      .number({ error: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .min(1, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .default(defaultSize),
  };
}

/** An empty search box means no search. */
const searchText = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
);

/** GET /api/orders/active and /archived: a page, optionally one status, optionally a search (order id, name or e-mail). */
export const OrderListQuery = z.object({
  ...pageFields(DEFAULT_PAGE_SIZE),
  status: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.enum(ORDER_STATUSES, { error: 'status must be one of pending, processing, shipped, delivered, cancelled' }).optional(),
  ),
  q: searchText,
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** GET /api/users: a page, optionally a search on username or e-mail. */
export const UserListQuery = z.object({ ...pageFields(DEFAULT_PAGE_SIZE), q: searchText });
export type UserListQuery = z.infer<typeof UserListQuery>;

export const OUTBOX_PAGE_SIZE = 100;

/** GET /api/admin/emails: a page of the outbox. */
export const OutboxListQuery = z.object(pageFields(OUTBOX_PAGE_SIZE));
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;

/** One page of a list and how many items all pages hold. */
export interface Page<T> {
  items: T[];
  total: number;
}

// ---------------------------------------------------------------- orders

export const OrderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Status must be one of pending, processing, shipped, delivered, cancelled' }),
});
export type OrderStatusInput = z.infer<typeof OrderStatusInput>;

export const TrackingInput = z.object({
  trackingNumber: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .min(1, 'Tracking number is required')
    .max(100, 'Tracking number must be at most 100 characters'),
  // spec §4: trimmed and omitted when empty
  trackingUrl: z
    .string({ error: 'Tracking URL must be an http(s) URL' })
    .trim()
    .max(1000, 'Tracking URL must be at most 1000 characters')
    .nullish()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isHttpUrl(value), 'Tracking URL must be an http(s) URL'),
});
export type TrackingInput = z.infer<typeof TrackingInput>;

export const ArchiveInput = z.object({ isArchived: flag('isArchived') });
export type ArchiveInput = z.infer<typeof ArchiveInput>;

// ---------------------------------------------------------------- users

export const UserAdminInput = z.object({ isAdmin: flag('isAdmin') });
export type UserAdminInput = z.infer<typeof UserAdminInput>;

/** GET /api/users: never a password hash. */
export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

export const EmailList = z.object({ emails: z.array(z.string()) });
export type EmailList = z.infer<typeof EmailList>;

// ---------------------------------------------------------------- image manager

export const BrokenImage = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() });
export type BrokenImage = z.infer<typeof BrokenImage>;

export const BrokenImageList = z.object({ brokenImages: z.array(BrokenImage) });
export type BrokenImageList = z.infer<typeof BrokenImageList>;

export const PotentialMatches = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string().nullable(), imageUrl: z.string().nullable() }),
  potentialMatches: z.array(z.object({ filename: z.string() })),
});
export type PotentialMatches = z.infer<typeof PotentialMatches>;

/** Only plain names of files the upload store wrote: never a path. */
export const UPLOAD_FILE_NAME = /^[a-z0-9-]+\.webp$/;

export const AssociateImageInput = z.object({
  productId: positiveId('productId must be a positive integer'),
  filename: z
    .string({ error: 'filename is required' })
    .trim()
    .min(1, 'filename is required')
    .regex(UPLOAD_FILE_NAME, 'filename must be the plain name of an uploaded .webp file'),
});
export type AssociateImageInput = z.infer<typeof AssociateImageInput>;

export const AssociateImageResult = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string() });
export type AssociateImageResult = z.infer<typeof AssociateImageResult>;

// ---------------------------------------------------------------- e-mail outbox

export const OutboxEmail = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  error: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof OutboxEmail>;
