// The owner's boxes and which one a parcel goes in (docs/decisions/069). Millimetres and grams, as variants
// measure (decision 049); the Shipping tab shows inches and ounces. Kept free of zod for light pages.

interface BoxSize {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** One unit of a parcel's contents; a side unknown (null) counts 0, so an unmeasured item fits any box. */
interface PackedItem {
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  quantity: number;
}

const sides = (size: { lengthMm: number | null; widthMm: number | null; heightMm: number | null }) =>
  [size.lengthMm ?? 0, size.widthMm ?? 0, size.heightMm ?? 0].sort((a, b) => b - a);

const volume = (size: { lengthMm: number | null; widthMm: number | null; heightMm: number | null }) =>
  (size.lengthMm ?? 0) * (size.widthMm ?? 0) * (size.heightMm ?? 0);

/**
 * The smallest box (by inside volume, then the first listed) that holds the items: their volumes
 * together, and each item turned to its best (its sides, longest first, within the box's). Null when
 * no box is big enough. Volume is a packer's first guess, not a packing plan: the owner may choose a
 * larger box in the Fulfil dialog.
 */
export function chooseBox<T extends BoxSize>(boxes: readonly T[], items: readonly PackedItem[]): T | null {
  const needed = items.reduce((sum, item) => sum + volume(item) * item.quantity, 0);
  const fitting = boxes.filter((box) => {
    if (volume(box) < needed) return false;
    const inside = sides(box);
    return items.every((item) => item.quantity === 0 || sides(item).every((side, index) => side <= inside[index]!));
  });
  return fitting.reduce<T | null>((best, box) => (best === null || volume(box) < volume(best) ? box : best), null);
}

export const MM_PER_INCH = 25.4;
export const GRAMS_PER_OUNCE = 28.349523125;

/** Inches to a tenth, up: a carrier's box must not be quoted smaller than it is. */
export const inchesFor = (mm: number) => Math.ceil((mm / MM_PER_INCH) * 10 - 1e-9) / 10;
