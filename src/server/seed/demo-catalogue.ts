import type { z } from 'zod';
import type { ProductDocument } from '#common/schemas/product-document.ts';
import type { DemoPicture } from './demo-images.ts';

// The demo catalogue's shape: product documents (the one write format of the admin editor and the
// CSV import) naming their brand and type by name and slug, with the pictures to draw for them.

type DemoTypeSlug = 'paddles' | 'balls' | 'shoes' | 'bags' | 'nets' | 'apparel' | 'accessories' | 'gift-card';

export interface DemoImage {
  picture: DemoPicture;
  alt: string;
}

type DocumentInput = z.input<typeof ProductDocument>;
export type DemoVariant = DocumentInput['variants'][number] & { sku: string };
export type DemoAttribute = NonNullable<DocumentInput['attributes']>[number];

export interface DemoProduct extends Omit<DocumentInput, 'brandId' | 'productTypeId' | 'images' | 'variants' | 'attributes'> {
  brand: string;
  type: DemoTypeSlug;
  images: DemoImage[];
  variants: DemoVariant[];
  attributes: DemoAttribute[];
}

/** Every combination of the axes, first axis slowest: [[a, x], [a, y], [b, x], [b, y]]. */
export function combinations<T>(axes: T[][]): T[][] {
  return axes.reduce<T[][]>((rows, axis) => rows.flatMap((row) => axis.map((value) => [...row, value])), [[]]);
}

/**
 * Stock for the n-th variant: a steady spread (plenty, some low, a few sold out) that is the same
 * on every start; `soldOut` and `low` name variants to force.
 */
export function stockSpread(count: number, seed: number, force: { soldOut?: number[]; low?: number[] } = {}): number[] {
  return Array.from({ length: count }, (_, i) => {
    if (force.soldOut?.includes(i)) return 0;
    if (force.low?.includes(i)) return 1 + ((seed + i) % 3);
    return 4 + ((seed * 7 + i * 13) % 29);
  });
}
