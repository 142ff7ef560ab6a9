import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import type { ProductDocument } from '#common/schemas/product-document.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import type { TypeSheet } from '#server/modules/catalog/catalog-model-service.ts';

// The rules a product document must meet against its type, before anything is written: every 400
// names the field (issue path into the document) and what was expected.

const refuse = (path: string, message: string) => invalidInput(message, [{ path, message }]);

/**
 * The number a label sorts by: "4 1/4 in" -> 4.25, "16 mm" -> 16, "10.5" -> 10.5, "3-pack" -> 3;
 * null without one ("Black", "XL") or too large for the column.
 */
export function sortValueOf(label: string): number | null {
  const match = /(\d+(?:\.\d+)?)(?:\s+(\d+)\/(\d+))?/.exec(label);
  if (!match) return null;
  const fraction = match[2] && Number(match[3]) > 0 ? Number(match[2]) / Number(match[3]) : 0;
  const value = Number(match[1]) + fraction;
  return Number.isFinite(value) && value < 1_000_000 ? Math.round(value * 10_000) / 10_000 : null;
}

/** The axes the variants use, checked: every key an axis of the type, every variant the same axes. Answers them in the type's order. */
export function checkVariantAxes(sheet: TypeSheet, doc: ProductDocument): TypeSheet['axes'] {
  const axisByKey = new Map(sheet.axes.map((axis) => [axis.key, axis]));
  doc.variants.forEach((variant, index) => {
    for (const key of Object.keys(variant.options)) {
      if (axisByKey.has(key)) continue;
      const offered = sheet.axes.length ? `its options are ${sheet.axes.map((axis) => axis.key).join(', ')}` : 'it has no options';
      throw refuse(`variants.${index}.options.${key}`, `"${key}" is not an option of ${sheet.name} (${offered})`);
    }
  });
  const first = Object.keys(doc.variants[0]!.options).sort();
  doc.variants.forEach((variant, index) => {
    const keys = Object.keys(variant.options).sort();
    if (keys.join(',') === first.join(',')) return;
    const missing = first.find((key) => !keys.includes(key)) ?? keys.find((key) => !first.includes(key))!;
    throw refuse(
      `variants.${index}.options.${missing}`,
      `Every variant must set the same options: variant ${index + 1} sets ${keys.join(', ') || 'none'}, variant 1 sets ${first.join(', ') || 'none'}`,
    );
  });
  return sheet.axes.filter((axis) => first.includes(axis.key));
}

/** Index fields (a variant's image, a spec value's variant) must point inside the document. */
export function checkIndexes(doc: ProductDocument): void {
  doc.variants.forEach((variant, index) => {
    if (variant.image != null && variant.image >= doc.images.length) {
      throw refuse(`variants.${index}.image`, `Variant ${index + 1} points at image ${variant.image + 1}, but the product has ${doc.images.length} images`);
    }
  });
  doc.attributes.forEach((attribute, index) => {
    if (attribute.variant !== undefined && attribute.variant >= doc.variants.length) {
      throw refuse(
        `attributes.${index}.variant`,
        `Spec "${attribute.key}" is given for variant ${attribute.variant + 1}, but the product has ${doc.variants.length} variants`,
      );
    }
  });
}

/** SKUs must be unique within the document (409, as a clash with another product is). */
export function duplicateSku(doc: ProductDocument): string | undefined {
  const seen = new Set<string>();
  for (const variant of doc.variants) {
    if (!variant.sku) continue;
    if (seen.has(variant.sku)) return variant.sku;
    seen.add(variant.sku);
  }
  return undefined;
}

export interface SpecRow {
  attributeId: number;
  /** index into the document's variants, or null for the product's own value */
  variant: number | null;
  numberMin: string | null;
  numberMax: string | null;
  choices: string[] | null;
  flag: boolean | null;
  text: string | null;
}

// numeric(12, 4)
const MAX_SPEC_NUMBER = 99_999_999;

const expected: Record<AttributeDefinition['kind'], string> = {
  number: 'a number',
  range: 'a range {min, max} with min <= max, or a number',
  choice: 'one of',
  multi_choice: 'some of',
  tristate: 'yes, no or not stated (true, false or null)',
  text: 'text',
};

function expectation(definition: AttributeDefinition): string {
  const unit = definition.unit ? ` (in ${definition.unit})` : '';
  if (definition.kind === 'choice' || definition.kind === 'multi_choice') return `${expected[definition.kind]}: ${definition.choices.join(', ')}`;
  return `${expected[definition.kind]}${unit}`;
}

const isSpecNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_SPEC_NUMBER;
const numberText = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** A choice as the sheet spells it, matched without regard to case; undefined when it is not one. */
const canonicalChoice = (definition: AttributeDefinition, value: string) => definition.choices.find((choice) => choice.toLowerCase() === value.toLowerCase());

type Stored = Omit<SpecRow, 'attributeId' | 'variant'>;
const empty: Stored = { numberMin: null, numberMax: null, choices: null, flag: null, text: null };

/** The typed columns for a value, undefined when it does not fit the kind, null for "not stated" (no row). */
function storedValue(definition: AttributeDefinition, value: ProductDocument['attributes'][number]['value']): Stored | null | undefined {
  if (value === null || value === '') return null;
  switch (definition.kind) {
    case 'number':
      return isSpecNumber(value) ? { ...empty, numberMin: numberText(value), numberMax: numberText(value) } : undefined;
    case 'range': {
      const range = isSpecNumber(value) ? { min: value, max: value } : value;
      if (typeof range !== 'object' || Array.isArray(range) || !isSpecNumber(range.min) || !isSpecNumber(range.max) || range.min > range.max) return undefined;
      return { ...empty, numberMin: numberText(range.min), numberMax: numberText(range.max) };
    }
    case 'choice': {
      const choice = typeof value === 'string' ? canonicalChoice(definition, value) : undefined;
      return choice === undefined ? undefined : { ...empty, choices: [choice] };
    }
    case 'multi_choice': {
      const list = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(list)) return undefined;
      const choices = list.map((item) => canonicalChoice(definition, item));
      if (choices.some((choice) => choice === undefined)) return undefined;
      return list.length ? { ...empty, choices: [...new Set(choices as string[])] } : null;
    }
    case 'tristate':
      return typeof value === 'boolean' ? { ...empty, flag: value } : undefined;
    case 'text':
      return typeof value === 'string' ? { ...empty, text: value } : undefined;
  }
}

/** The spec rows to store: each key one of the type's, each value of its kind, each (key, variant) once. */
export function checkAttributes(sheet: TypeSheet, doc: ProductDocument): SpecRow[] {
  const byKey = new Map(sheet.attributes.map((definition) => [definition.key, definition]));
  const seen = new Set<string>();
  const rows: SpecRow[] = [];
  doc.attributes.forEach((attribute, index) => {
    const path = `attributes.${index}`;
    const definition = byKey.get(attribute.key);
    if (!definition) {
      const keys = sheet.attributes.map((item) => item.key).join(', ');
      throw refuse(`${path}.key`, `"${attribute.key}" is not a spec of ${sheet.name} (its specs are ${keys || 'none'})`);
    }
    const owner = `${attribute.key}@${attribute.variant ?? ''}`;
    if (seen.has(owner)) {
      const whose = attribute.variant === undefined ? 'the product' : `variant ${attribute.variant + 1}`;
      throw refuse(`${path}.key`, `Spec "${attribute.key}" is given twice for ${whose}`);
    }
    seen.add(owner);
    const stored = storedValue(definition, attribute.value);
    if (stored === undefined) throw refuse(`${path}.value`, `Spec "${attribute.key}" must be ${expectation(definition)}`);
    if (stored) rows.push({ attributeId: definition.id, variant: attribute.variant ?? null, ...stored });
  });
  return rows;
}
