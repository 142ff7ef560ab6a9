import { z } from 'zod';

// docs/decisions/049-shipping-profiles.md: a method's rate rule is one value, read and written whole.
// Money in integer cents, weight in grams; a bracket takes what is from `from` up to, not including, `to`.

const MAX_CENTS = 100_000_00;
const MAX_GRAMS = 1_000_000;

const cents = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_CENTS, `${label} is too large`);

const bound = (label: string, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is too large`);

const Bracket = (max: number) =>
  z
    .object({ from: bound('From', max), to: bound('To', max).nullable(), priceCents: cents('Price') })
    .refine((bracket) => bracket.to === null || bracket.to > bracket.from, { message: 'To must be above From', path: ['to'] });

/** A bracket list covers each weight or subtotal at most once: sorted by `from`, each starts where the one before ends or later. */
function bracketsOverlap(brackets: { from: number; to: number | null }[]): boolean {
  const sorted = [...brackets].sort((a, b) => a.from - b.from);
  return sorted.some((bracket, index) => {
    const before = sorted[index - 1];
    return before !== undefined && (before.to === null || before.to > bracket.from);
  });
}

const brackets = (max: number) =>
  z
    .array(Bracket(max))
    .min(1, 'Add at least one bracket')
    .max(50, 'At most 50 brackets')
    .refine((list) => !bracketsOverlap(list), { message: 'Brackets overlap: each must start where the one before ends or later' });

const freeOver = cents('Free over').nullable();

/**
 * The services a carrier-calculated method can name (decision 057), as the carrier API spells them, with
 * the words the owner and shopper read. Priced live for the cart's weight from the shop's address.
 */
export const CARRIER_SERVICES = {
  usps: { GroundAdvantage: 'Ground Advantage', Priority: 'Priority Mail', Express: 'Priority Mail Express' },
  ups: { Ground: 'Ground', '3DaySelect': '3 Day Select', '2ndDayAir': '2nd Day Air', NextDayAir: 'Next Day Air' },
  fedex: { FEDEX_GROUND: 'Ground', FEDEX_2_DAY: '2Day', STANDARD_OVERNIGHT: 'Standard Overnight' },
} as const;
export type RateCarrier = keyof typeof CARRIER_SERVICES;

const CarrierRate = z
  .object({
    basis: z.literal('carrier'),
    carrier: z.enum(['usps', 'ups', 'fedex'], { error: 'Choose USPS, UPS or FedEx' }),
    service: z.string({ error: 'Choose a service' }).min(1, 'Choose a service'),
    // added to the carrier's price: packing, or a margin
    handlingCents: cents('Handling'),
    freeOverCents: freeOver,
  })
  .refine((rate) => Object.hasOwn(CARRIER_SERVICES[rate.carrier], rate.service), { message: "Choose one of the carrier's services", path: ['service'] });

export const ShippingRate = z.discriminatedUnion('basis', [
  z.object({ basis: z.literal('flat'), priceCents: cents('Price'), freeOverCents: freeOver }),
  CarrierRate,
  z.object({ basis: z.literal('weight'), brackets: brackets(MAX_GRAMS), freeOverCents: freeOver }),
  z.object({ basis: z.literal('subtotal'), brackets: brackets(MAX_CENTS), freeOverCents: freeOver }),
]);
export type ShippingRate = z.infer<typeof ShippingRate>;
