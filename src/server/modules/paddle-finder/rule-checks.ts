import type { ApiIssue } from '#common/schemas/api-error.ts';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { FinderRules } from '#common/schemas/paddle-finder.ts';

// The owner's rules checked against the catalogue before they are kept: a key or value the shop does not
// have would filter or prefer nothing, silently. Every problem is reported with its place in the rules.

/** The static weight's shop facet is its bands (WEIGHT_BANDS, catalog/catalog-facets.ts), not its numbers. */
const WEIGHT_BANDS = ['light', 'mid', 'heavy'];
const PRICE_RANGE = /^(\d{1,7}(\.\d{1,2})?)?-(\d{1,7}(\.\d{1,2})?)?$/;

/** As the shop reads a price facet (catalog-facets.ts): either end may be open, but not both, and min is below max. */
function isPriceRange(value: string): boolean {
  const match = PRICE_RANGE.exec(value);
  if (!match || value === '-') return false;
  return match[1] === undefined || match[3] === undefined || Number(match[1]) < Number(match[3]);
}

type Check = (values: string[]) => string | null;

const allowedValues =
  (allowed: readonly string[], what: string): Check =>
  (values) => {
    const unknown = values.filter((value) => !allowed.includes(value));
    return unknown.length ? `${what} has no ${unknown.map((value) => `"${value}"`).join(', ')} (it has ${allowed.join(', ') || 'none'})` : null;
  };

/** What values a facet key takes on this type, as a filter and as a preference; null: no such key. */
function keyChecks(type: ProductTypeWithValues, key: string): { filter: Check | null; prefer: Check | null; numeric: boolean } | null {
  if (key === 'price') {
    return {
      filter: (values) => (values.every(isPriceRange) ? null : 'a price is "min-max" in dollars, min below max ("-100", "100-175", "175-")'),
      prefer: null,
      numeric: false,
    };
  }
  if (key === 'in_stock' || key === 'usapa') return { filter: allowedValues(['1'], key), prefer: null, numeric: false };
  if (key === 'brand')
    return { filter: (values) => (values.every((value) => /^\d{1,9}$/.test(value)) ? null : 'a brand is its id'), prefer: null, numeric: false };
  const [scope, name] = [key.slice(0, 1), key.slice(2)];
  if (scope === 'o') {
    const axis = type.options.find((option) => option.key === name);
    if (!axis) return null;
    const check = allowedValues(
      axis.values.map((value) => value.label),
      axis.name,
    );
    return { filter: check, prefer: check, numeric: false };
  }
  const attribute = type.attributes.find((entry) => entry.key === name);
  if (!attribute) return null;
  const isWeight = attribute.key === 'static_weight' && attribute.unit === 'oz';
  const numeric = attribute.kind === 'number' || attribute.kind === 'range';
  const values =
    attribute.kind === 'choice' || attribute.kind === 'multi_choice'
      ? allowedValues(attribute.choices, attribute.name)
      : attribute.kind === 'tristate'
        ? allowedValues(['1'], attribute.name)
        : isWeight
          ? allowedValues(WEIGHT_BANDS, attribute.name)
          : null;
  // the shop filters by a spec only when the owner made it a filter (its facet exists)
  const filter = attribute.isFilter && values ? values : null;
  return { filter, prefer: values, numeric };
}

/** Problems with the rules on this catalogue's types; none: they can be kept. */
export function checkRules(rules: FinderRules, types: ProductTypeWithValues[]): ApiIssue[] {
  const type = types.find((entry) => entry.slug === rules.productType);
  if (!type) return [{ path: 'productType', message: `There is no product type "${rules.productType}" (${types.map((entry) => entry.slug).join(', ')})` }];
  const issues: ApiIssue[] = [];
  rules.rules.forEach((rule, index) => {
    const at = `rules.${index} (${rule.question}=${rule.answer})`;
    rule.filters.forEach((filter, position) => {
      const checks = keyChecks(type, filter.key);
      const path = `${at}.filters.${position}`;
      if (!checks) issues.push({ path, message: `${type.name} have no "${filter.key}"` });
      else if (!checks.filter) issues.push({ path, message: `"${filter.key}" is not a shop filter of ${type.name}` });
      else {
        const problem = checks.filter(filter.values);
        if (problem) issues.push({ path, message: problem });
      }
    });
    rule.prefers.forEach((preference, position) => {
      const checks = keyChecks(type, preference.key);
      const path = `${at}.prefers.${position}`;
      if (!checks) return issues.push({ path, message: `${type.name} have no "${preference.key}"` });
      if (preference.values) {
        const problem = checks.prefer ? checks.prefer(preference.values) : `"${preference.key}" takes min/max, not values`;
        if (problem) issues.push({ path, message: problem });
      } else if (!checks.numeric) issues.push({ path, message: `"${preference.key}" is not a number: name values instead of min/max` });
    });
  });
  return issues;
}
