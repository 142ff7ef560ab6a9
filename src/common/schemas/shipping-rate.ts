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

export const ShippingRate = z.discriminatedUnion('basis', [
  z.object({ basis: z.literal('flat'), priceCents: cents('Price'), freeOverCents: freeOver }),
  z.object({ basis: z.literal('weight'), brackets: brackets(MAX_GRAMS), freeOverCents: freeOver }),
  z.object({ basis: z.literal('subtotal'), brackets: brackets(MAX_CENTS), freeOverCents: freeOver }),
]);
export type ShippingRate = z.infer<typeof ShippingRate>;
