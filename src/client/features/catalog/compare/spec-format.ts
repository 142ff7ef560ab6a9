import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';

// Spec numbers are stored in their attribute's unit and shown imperial with metric beside.
const METRIC: Record<string, { unit: string; factor: number; digits: number }> = {
  oz: { unit: 'g', factor: 28.3495, digits: 0 },
  in: { unit: 'cm', factor: 2.54, digits: 1 },
  ft: { unit: 'm', factor: 0.3048, digits: 2 },
};

function amount(value: number, unit: string | null): string {
  if (unit === 'mm') return `${value} mm (${(value / 25.4).toFixed(2)} in)`;
  return unit ? `${value} ${unit}` : String(value);
}

function metric(min: number, max: number, unit: string | null): string {
  const conversion = unit ? METRIC[unit] : undefined;
  if (!conversion) return '';
  const convert = (value: number) => (value * conversion.factor).toFixed(conversion.digits);
  return min === max ? ` (${convert(min)} ${conversion.unit})` : ` (${convert(min)}-${convert(max)} ${conversion.unit})`;
}

/** A spec value as a shopper reads it: "7.8-8.2 oz (221-232 g)", "Elongated", "Yes". */
export function formatSpec(
  attribute: Pick<AttributeDefinition, 'unit'>,
  value: { min: number | null; max: number | null; choices: string[] | null; flag: boolean | null; text: string | null },
): string {
  if (value.choices?.length) return value.choices.join(', ');
  if (value.flag !== null) return value.flag ? 'Yes' : 'No';
  if (value.min !== null) {
    const max = value.max ?? value.min;
    if (attribute.unit === 'mm') return amount(value.min, 'mm');
    const text = value.min === max ? amount(value.min, attribute.unit) : `${value.min}-${max}${attribute.unit ? ` ${attribute.unit}` : ''}`;
    return `${text}${metric(value.min, max, attribute.unit)}`;
  }
  return value.text ?? '-';
}
