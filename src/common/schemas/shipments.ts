import { z } from 'zod';
import { CARRIERS } from '../carriers.ts';
import { isHttpUrl } from './admin-fields.ts';
import { positiveId } from './whole-number.ts';

const SHIPMENT_METHODS = ['carrier', 'pickup'] as const;
const SHIPMENT_STATUSES = ['shipped', 'in_transit', 'delivered'] as const;

/** One parcel of an order (decision 050); a pickup is "shipped" when it is ready and "delivered" when collected. */
export const ShipmentView = z.object({
  id: z.number().int(),
  method: z.enum(SHIPMENT_METHODS),
  carrier: z.enum(CARRIERS).nullable(),
  trackingNumber: z.string().nullable(),
  /** only an http(s) address */
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** the label's PDF when it was bought through the carrier API (decision 057) */
  labelUrl: z.string().nullish(),
  lines: z.array(
    z.object({
      itemId: z.number().int(),
      productName: z.string(),
      variantName: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
});
export type ShipmentView = z.infer<typeof ShipmentView>;

/** The owner's side of an order's fulfilment: its shipments, and whether the customer collects it. */
export const OrderFulfilmentView = z.object({
  pickup: z.boolean(),
  shipments: z.array(ShipmentView),
});
export type OrderFulfilmentView = z.infer<typeof OrderFulfilmentView>;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : undefined));

/**
 * POST /api/orders/:id/shipments: the units that left in one parcel, with its carrier and tracking.
 * Each order line at most once; the server refuses more than is left to ship (409).
 */
export const FulfilInput = z.object({
  lines: z
    .array(
      z.object({
        itemId: positiveId('Each line needs its order line'),
        quantity: z
          .number({ error: 'Quantity must be a whole number of at least 1' })
          .int('Quantity must be a whole number of at least 1')
          .min(1, 'Quantity must be a whole number of at least 1')
          .max(100_000, 'Quantity is too large'),
      }),
    )
    .min(1, 'Choose at least one item to ship')
    .max(500, 'Too many lines')
    .refine((lines) => new Set(lines.map((line) => line.itemId)).size === lines.length, 'Each item may appear once'),
  carrier: z.enum(CARRIERS, { error: `Carrier must be one of ${CARRIERS.join(', ')}` }),
  trackingNumber: optionalText(100, 'Tracking number'),
  trackingUrl: optionalText(1000, 'Tracking URL').refine((value) => value === undefined || isHttpUrl(value), 'Tracking URL must be an http(s) URL'),
});
export type FulfilInput = z.infer<typeof FulfilInput>;

const providerId = (label: string) => z.string({ error: `${label} is required` }).regex(/^[A-Za-z0-9_-]{1,100}$/, `${label} is not one the carrier gave`);

/**
 * POST /api/orders/:id/shipments/label-rates: the parcel of these lines, rated by the carrier (decision 057),
 * packed in the owner's box chosen (absent: the smallest that fits, decision 069).
 */
export const LabelRatesInput = z.object({ lines: FulfilInput.shape.lines, boxId: positiveId('Box id must be a positive integer').optional() });

export const LabelRates = z.object({
  /** the carrier's shipment the rates belong to: the label is bought for it */
  shipmentId: z.string(),
  /** the lines and the box together */
  weightOz: z.number(),
  /** the box rated (null: the shop has no box these lines fit, so the lines' own sizes were sent) */
  boxId: z.number().int().nullable(),
  /** the owner's boxes, smallest first, to rate another */
  boxes: z.array(z.object({ id: z.number().int(), name: z.string(), lengthMm: z.number().int(), widthMm: z.number().int(), heightMm: z.number().int() })),
  /** cheapest first */
  rates: z.array(
    z.object({
      id: z.string(),
      carrier: z.string(),
      service: z.string(),
      priceCents: z.number().int(),
      deliveryDays: z.number().int().nullable(),
    }),
  ),
});
export type LabelRates = z.infer<typeof LabelRates>;

/** POST /api/orders/:id/shipments/label: buy one of the rates' labels; the lines leave in that parcel. */
export const BuyLabelInput = z.object({
  lines: FulfilInput.shape.lines,
  shipmentId: providerId('Carrier shipment'),
  rateId: providerId('Rate'),
});
export type BuyLabelInput = z.infer<typeof BuyLabelInput>;

export const ShipmentParams = z.object({ id: positiveId('Id must be a positive integer'), shipmentId: positiveId('Shipment id must be a positive integer') });

/** GET /api/admin/orders/print?ids=1,2,3: the orders a pick list or packing slips are printed for. */
export const PrintOrdersQuery = z.object({
  ids: z
    .string({ error: 'ids must list order ids' })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'ids must be up to 100 order ids separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), 'ids must be positive'),
});

/** What the box holds: no prices (decision 050). */
export const PackingSlip = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  createdAt: z.string(),
  pickup: z.boolean(),
  customerName: z.string(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  lines: z.array(z.object({ productName: z.string(), variantName: z.string().nullable(), sku: z.string().nullable(), quantity: z.number().int() })),
});
export type PackingSlip = z.infer<typeof PackingSlip>;

/** The units to take off the shelves for the chosen orders, one row per variant (or product), sorted by product. */
const PickListRow = z.object({
  productName: z.string(),
  variantName: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  orders: z.number().int(),
});

export const PrintOrders = z.object({ slips: z.array(PackingSlip), pickList: z.array(PickListRow) });
export type PrintOrders = z.infer<typeof PrintOrders>;
