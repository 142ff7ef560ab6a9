import { z } from 'zod';
import { CA_PROVINCE_CODES } from '../canadian-address.ts';
import { US_STATE_CODES } from '../constants.ts';
import { CanadianShippingAddress, CreatePaymentIntentInput, DeliveryAddress, ShippingAddress } from './checkout.ts';
import { ShippingRate } from './shipping-rate.ts';

// Shipping methods as checkout offers them, and the owner's zones and methods (docs/decisions/049).
// Money in integer cents, weight in grams, dates as YYYY-MM-DD.

/** The built-in method a shop without zones ships with, priced from the site settings (spec §9). */
export const STANDARD_METHOD_ID = 'standard';

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One way this cart can travel to this address, priced for it. */
export const ShippingQuoteOption = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['delivery', 'pickup']),
  priceCents: z.number().int(),
  /** first and last likely day of arrival (delivery) or of being ready (pickup) */
  arrivesFrom: IsoDate,
  arrivesBy: IsoDate,
});
export type ShippingQuoteOption = z.infer<typeof ShippingQuoteOption>;

export const ShippingRatesInput = z.object({
  // the ZIP code prices carrier-calculated methods (decision 057); without it they are left out
  toAddress: z.discriminatedUnion(
    'country',
    [
      ShippingAddress.pick({ state: true }).extend({ country: DeliveryAddress.options[0].shape.country, zip: ShippingAddress.shape.zip.optional() }),
      CanadianShippingAddress.pick({ state: true, country: true }).extend({ zip: CanadianShippingAddress.shape.zip.optional() }),
    ],
    { error: 'Country must be US or CA' },
  ),
  items: CreatePaymentIntentInput.shape.items,
  couponCode: CreatePaymentIntentInput.shape.couponCode,
});
export type ShippingRatesInput = z.input<typeof ShippingRatesInput>;
export type ShippingRatesRequest = z.output<typeof ShippingRatesInput>;

export const ShippingRatesResult = z.object({
  methods: z.array(ShippingQuoteOption),
  /** where pickup orders are collected: the shop's contact address; null when none is set */
  pickupAddress: z.string().nullable(),
});
export type ShippingRatesResult = z.infer<typeof ShippingRatesResult>;

/** GET /api/shipping/destinations: where checkout offers to ship besides the US (docs/decisions/069). */
export const ShippingDestinations = z.object({
  /** the provinces a zone with an active method covers, in Canada Post's order; empty: the US only */
  caProvinces: z.array(z.enum(CA_PROVINCE_CODES)),
});
export type ShippingDestinations = z.infer<typeof ShippingDestinations>;

// ---- the owner's zones and methods --------------------------------------------------------

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

const codes = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .array(z.enum(values, { error: message }))
    .max(values.length, message)
    .refine((list) => new Set(list).size === list.length, { message: 'Each region only once' });

export const ShippingZoneInput = z
  .object({
    name: name('Zone name'),
    usStates: codes(US_STATE_CODES, 'Choose US states (and DC) by their two-letter codes'),
    caProvinces: codes(CA_PROVINCE_CODES, 'Choose Canadian provinces by their two-letter codes').default([]),
  })
  .refine((zone) => zone.usStates.length + zone.caProvinces.length > 0, { message: 'Choose at least one state or province', path: ['usStates'] });
export type ShippingZoneInput = z.input<typeof ShippingZoneInput>;

const businessDays = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(60, `${label} must be at most 60`);

export const ShippingMethodInput = z
  .object({
    name: name('Method name'),
    kind: z.enum(['delivery', 'pickup'], { error: 'Choose delivery or pickup' }),
    minBusinessDays: businessDays('Fastest'),
    maxBusinessDays: businessDays('Slowest'),
    cutoffTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Cut-off time as HH:MM (24 hours)')
      .nullable()
      .default(null),
    rate: ShippingRate,
    active: z.boolean().default(true),
  })
  .refine((method) => method.maxBusinessDays >= method.minBusinessDays, { message: 'Slowest cannot be before fastest', path: ['maxBusinessDays'] });
export type ShippingMethodInput = z.input<typeof ShippingMethodInput>;

export const ShippingMethodView = z.object({
  id: z.number().int(),
  zoneId: z.number().int(),
  name: z.string(),
  kind: z.enum(['delivery', 'pickup']),
  minBusinessDays: z.number().int(),
  maxBusinessDays: z.number().int(),
  cutoffTime: z.string().nullable(),
  rate: ShippingRate,
  active: z.boolean(),
  position: z.number().int(),
});
export type ShippingMethodView = z.infer<typeof ShippingMethodView>;

export const ShippingZoneView = z.object({
  id: z.number().int(),
  name: z.string(),
  usStates: z.array(z.string()),
  caProvinces: z.array(z.string()),
  methods: z.array(ShippingMethodView),
});
export type ShippingZoneView = z.infer<typeof ShippingZoneView>;

export const ShippingProfileView = z.object({
  zones: z.array(ShippingZoneView),
  /** IANA name ("America/Chicago"): the methods' cut-off times are read in it */
  timeZone: z.string(),
});
export type ShippingProfileView = z.infer<typeof ShippingProfileView>;

/** GET /api/admin/shipping/carrier: whether the carrier API is configured (decision 057). */
export const CarrierStatus = z.object({
  /** EASYPOST_API_KEY is set: carrier-calculated methods are priced and labels can be bought */
  rates: z.boolean(),
  /** EASYPOST_WEBHOOK_SECRET is set too: tracking events move shipments */
  webhook: z.boolean(),
});
export type CarrierStatus = z.infer<typeof CarrierStatus>;

export const ShippingSettingsInput = z.object({
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .min(1, 'Time zone is required')
    .max(64, 'Time zone must be at most 64 characters')
    .refine((zone) => isTimeZone(zone), { message: 'Choose a time zone such as America/Chicago' }),
});
export type ShippingSettingsInput = z.input<typeof ShippingSettingsInput>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---- the owner's boxes (docs/decisions/069) -------------------------------------------------

const millimetres = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of millimetres`)
    .min(1, `${label} must be more than 0`)
    .max(3000, `${label} must be at most 3000 mm (118 in)`);

/** A box the owner packs parcels in: its inside in millimetres, its own weight in grams. */
export const ShippingBoxInput = z.object({
  name: name('Box name'),
  lengthMm: millimetres('Length'),
  widthMm: millimetres('Width'),
  heightMm: millimetres('Height'),
  weightGrams: z
    .number({ error: 'Weight must be a number' })
    .int('Weight must be a whole number of grams')
    .min(0, 'Weight cannot be negative')
    .max(70_000, 'Weight must be at most 70 kg (154 lb)'),
});
export type ShippingBoxInput = z.infer<typeof ShippingBoxInput>;

export const ShippingBoxView = ShippingBoxInput.extend({ id: z.number().int() });
export type ShippingBoxView = z.infer<typeof ShippingBoxView>;

/** GET /api/admin/shipping/boxes: smallest first. */
export const ShippingBoxList = z.object({ boxes: z.array(ShippingBoxView) });
export type ShippingBoxList = z.infer<typeof ShippingBoxList>;
