// Spec values as shoppers read them: numbers stored in their attribute's unit (docs/decisions/017),
// shown imperial with metric beside ("16.5 in (41.9 cm)", "7.9-8.3 oz (224-235 g)", "16 mm (0.63 in)").
// Pure and zod-free, so the product page and any e-mail or export show the same text.

type Unit = 'mm' | 'in' | 'ft' | 'oz';

/** The other system's unit for each stored unit, its factor and how many decimals it reads well with. */
const BESIDE: Record<Unit, { unit: string; factor: number; decimals: number }> = {
  mm: { unit: 'in', factor: 1 / 25.4, decimals: 2 },
  in: { unit: 'cm', factor: 2.54, decimals: 1 },
  ft: { unit: 'm', factor: 0.3048, decimals: 1 },
  oz: { unit: 'g', factor: 28.349523125, decimals: 0 },
};

/** A number without trailing zeros, at most `decimals` places: 16.5000 -> "16.5", 4.125 -> "4.125". */
export function formatNumber(value: number, decimals = 3): string {
  const rounded = Number(value.toFixed(decimals));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

function span(min: number, max: number, show: (value: number) => string): string {
  const low = show(min);
  const high = show(max);
  return low === high ? low : `${low}-${high}`;
}

/** "16 mm (0.63 in)", "7.9-8.3 oz (224-235 g)"; without a unit just the number or range ("115"). */
export function formatMeasure(min: number, max: number, unit: Unit | null): string {
  const stored = span(min, max, (value) => formatNumber(value));
  if (!unit) return stored;
  const beside = BESIDE[unit];
  const converted = span(min * beside.factor, max * beside.factor, (value) => formatNumber(value, beside.decimals));
  return `${stored} ${unit} (${converted} ${beside.unit})`;
}

/** What a spec value row needs of an attribute and of its value (as the API sends them). */
interface SpecAttribute {
  kind: 'number' | 'range' | 'choice' | 'multi_choice' | 'tristate' | 'text';
  unit: Unit | null;
}
interface SpecValueParts {
  min: number | null;
  max: number | null;
  choices: string[] | null;
  flag: boolean | null;
  text: string | null;
}

/** A spec value's text, or null when it holds nothing to show (a tristate without a flag is "not stated"). */
export function formatSpecValue(attribute: SpecAttribute, value: SpecValueParts): string | null {
  switch (attribute.kind) {
    case 'number':
    case 'range': {
      const min = value.min ?? value.max;
      const max = value.max ?? value.min;
      return min === null || max === null ? null : formatMeasure(min, max, attribute.unit);
    }
    case 'choice':
    case 'multi_choice':
      return value.choices?.length ? value.choices.join(', ') : null;
    case 'tristate':
      return value.flag === null ? null : value.flag ? 'Yes' : 'No';
    case 'text':
      return value.text?.trim() ? value.text : null;
  }
}
