import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import type { SavedAttributeValue } from '#common/schemas/product-document.ts';

// The product CSV (docs/product-csv.md): one row per variant. Product columns are filled on a
// product's first row only; a row with an empty `name` is one more variant of the product above.
// Spec columns hold each variant's value as the shop shows it for that variant.

export const PRODUCT_COLUMNS = [
  'product_id',
  'name',
  // the page's address; empty keeps the product's own, or on a new product makes one from the name
  'slug',
  'brand',
  'type',
  'description',
  'thickness',
  'color',
  'release_date',
  'featured',
  'usapa_status',
  'usapa_checked_on',
  'images',
  'image_alts',
] as const;
/**
 * A variant's cost, packed weight, box and feed identifiers, in the units the shop stores (grams and
 * millimetres, decisions 049, 051, 056) so a file reads back exactly. A file without one of these columns
 * leaves that field as the shop has it; an empty cell clears it.
 */
export const SHIPPING_COLUMNS = {
  costPrice: 'cost_price',
  weightGrams: 'weight_grams',
  lengthMm: 'length_mm',
  widthMm: 'width_mm',
  heightMm: 'height_mm',
  gtin: 'gtin',
  mpn: 'mpn',
} as const;
/** `stock_was`: the stock when exported; a row whose `stock` still equals it leaves the stock to what sales made of it */
export const VARIANT_COLUMNS = [
  'variant_id',
  'sku',
  'price',
  'compare_at_price',
  'stock',
  'stock_was',
  'variant_image',
  ...(['cost_price', 'weight_grams', 'length_mm', 'width_mm', 'height_mm', 'gtin', 'mpn'] as const),
] as const;
export const OPTION_PREFIX = 'option:';
export const SPEC_PREFIX = 'spec:';
/** Several values in one cell (images, multi-choice specs) */
export const LIST_SEPARATOR = '|';

export type CsvRow = Record<string, string>;

const numberText = (value: number) => String(value);

/** A spec value as its cell shows it: "7.8-8.2" for a range, "a|b" for several choices, yes/no. */
export function specCell(value: SavedAttributeValue['value']): string {
  if (value === null) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(LIST_SEPARATOR);
  return value.min === value.max ? numberText(value.min) : `${numberText(value.min)}-${numberText(value.max)}`;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const RANGE = /^(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)$/;

/** A cell read by its attribute's kind; a string message when it cannot be. Empty is "not stated" (null). */
export function specValue(definition: AttributeDefinition, cell: string): SavedAttributeValue['value'] | { error: string } {
  const text = cell.trim();
  if (text === '') return null;
  switch (definition.kind) {
    case 'number':
      return NUMBER.test(text) ? Number(text) : { error: `expected a number${definition.unit ? ` in ${definition.unit}` : ''}` };
    case 'range': {
      if (NUMBER.test(text)) return Number(text);
      const match = RANGE.exec(text);
      return match
        ? { min: Number(match[1]), max: Number(match[2]) }
        : { error: `expected a number or a range such as 7.8-8.2${definition.unit ? ` (${definition.unit})` : ''}` };
    }
    case 'multi_choice':
      return text
        .split(LIST_SEPARATOR)
        .map((part) => part.trim())
        .filter(Boolean);
    case 'tristate': {
      const answer = text.toLowerCase();
      if (['yes', 'y', 'true'].includes(answer)) return true;
      if (['no', 'n', 'false'].includes(answer)) return false;
      return { error: 'expected yes, no or empty (not stated)' };
    }
    case 'choice':
    case 'text':
      return text;
  }
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A release date as its cell shows it: the day alone when it is midnight UTC, else the full time. */
export function dateCell(iso: string | null): string {
  if (!iso) return '';
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

const MAX_ID = 2_147_483_647;

/** An id or a position as its cell must give it: plain decimal digits, 1 or more ("0x10", "1e1", "+1" are not). Null otherwise. */
export function wholeNumberCell(cell: string): number | null {
  if (!/^\d{1,10}$/.test(cell)) return null;
  const value = Number(cell);
  return value >= 1 && value <= MAX_ID ? value : null;
}
