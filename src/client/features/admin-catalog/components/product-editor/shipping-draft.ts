import { isValidGtin } from '#common/gtin.ts';

// A variant's weight, box and identifiers as the editor's "Shipping & identifiers" fields hold them. A US
// shop weighs in ounces or pounds and measures in inches; the shop stores grams and millimetres (decision 049).
// A field left as loaded sends the stored value itself, so opening and saving never drifts by a rounding.

const GRAMS_PER_OUNCE = 28.349523125;
const OUNCES_PER_POUND = 16;
const MM_PER_INCH = 25.4;

export type WeightUnit = 'oz' | 'lb';

const MEASURES = ['weightGrams', 'lengthMm', 'widthMm', 'heightMm'] as const;
type Measure = (typeof MEASURES)[number];
const TEXT_OF: Record<Measure, 'weight' | 'length' | 'width' | 'height'> = {
  weightGrams: 'weight',
  lengthMm: 'length',
  widthMm: 'width',
  heightMm: 'height',
};

export interface ShippingDraft {
  weight: string;
  weightUnit: WeightUnit;
  /** inches */
  length: string;
  width: string;
  height: string;
  gtin: string;
  mpn: string;
}

/** What the server holds for a variant: grams, millimetres and identifiers, each absent when not known. */
export type StoredShipping = Partial<Record<Measure, number> & Record<'gtin' | 'mpn', string>>;

export const emptyShipping = (): ShippingDraft => ({ weight: '', weightUnit: 'oz', length: '', width: '', height: '', gtin: '', mpn: '' });

/** One decimal place, without a trailing ".0". */
const shortNumber = (value: number) => String(Math.round(value * 10) / 10);

const weightText = (grams: number, unit: WeightUnit) => shortNumber(grams / GRAMS_PER_OUNCE / (unit === 'lb' ? OUNCES_PER_POUND : 1));

/** The fields for a stored variant: a pound or more reads in pounds, less in ounces. */
export function shippingDraftOf(stored: StoredShipping): ShippingDraft {
  const weightUnit: WeightUnit = (stored.weightGrams ?? 0) >= OUNCES_PER_POUND * GRAMS_PER_OUNCE ? 'lb' : 'oz';
  const inches = (mm: number | undefined) => (mm === undefined ? '' : shortNumber(mm / MM_PER_INCH));
  return {
    weight: stored.weightGrams === undefined ? '' : weightText(stored.weightGrams, weightUnit),
    weightUnit,
    length: inches(stored.lengthMm),
    width: inches(stored.widthMm),
    height: inches(stored.heightMm),
    gtin: stored.gtin ?? '',
    mpn: stored.mpn ?? '',
  };
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

function measureOf(measure: Measure, draft: ShippingDraft): number | 'bad' {
  const text = draft[TEXT_OF[measure]].trim();
  if (!DECIMAL.test(text)) return 'bad';
  const value = Number(text);
  if (measure !== 'weightGrams') return Math.round(value * MM_PER_INCH);
  return Math.round(value * GRAMS_PER_OUNCE * (draft.weightUnit === 'lb' ? OUNCES_PER_POUND : 1));
}

const MEASURE_ISSUE: Record<Measure, string> = {
  weightGrams: 'Weight must be a number (oz or lb)',
  lengthMm: 'Length must be a number of inches',
  widthMm: 'Width must be a number of inches',
  heightMm: 'Height must be a number of inches',
};

/**
 * The document fields for a row's draft, and issues by document field. A field neither loaded nor typed is
 * left out (the server keeps what it has); one emptied is null (cleared).
 */
export function shippingFields(
  draft: ShippingDraft,
  loaded: StoredShipping,
): { fields: StoredShipping & Partial<Record<Measure | 'gtin' | 'mpn', null>>; issues: Record<string, string> } {
  const fields: Record<string, number | string | null> = {};
  const issues: Record<string, string> = {};
  const asLoaded = shippingDraftOf(loaded);
  for (const measure of MEASURES) {
    const text = draft[TEXT_OF[measure]].trim();
    const unchanged = text === asLoaded[TEXT_OF[measure]] && (measure !== 'weightGrams' || draft.weightUnit === asLoaded.weightUnit);
    if (unchanged) {
      if (loaded[measure] !== undefined) fields[measure] = loaded[measure];
    } else if (text === '') {
      if (loaded[measure] !== undefined) fields[measure] = null;
    } else {
      const value = measureOf(measure, draft);
      if (value === 'bad') issues[measure] = MEASURE_ISSUE[measure];
      else fields[measure] = value;
    }
  }
  for (const identifier of ['gtin', 'mpn'] as const) {
    const text = draft[identifier].trim();
    if (text !== '') fields[identifier] = text;
    else if (loaded[identifier] !== undefined) fields[identifier] = null;
  }
  const gtin = draft.gtin.trim();
  if (gtin !== '' && !isValidGtin(gtin)) issues.gtin = 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit';
  return { fields, issues };
}
