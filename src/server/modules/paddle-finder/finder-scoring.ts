import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import { FINDER_QUESTION_KEYS } from '#common/paddle-finder-quiz.ts';
import { type FinderAnswerRule, type FinderAnswers, type FinderPreference, type FinderRules } from '#common/schemas/paddle-finder.ts';
import type { SpecCandidate, SpecRange } from '#server/modules/catalog/catalog-service.ts';

// The finder's rules applied to answers and products: which rules the answers choose, the shop query of
// their hard filters, and each product's points and reasons from their preferences. No database here.

/** The rules of the answers given, in the quiz's order. */
export function chosenRules(rules: FinderRules, answers: FinderAnswers): FinderAnswerRule[] {
  return FINDER_QUESTION_KEYS.flatMap((question) => rules.rules.filter((rule) => rule.question === question && rule.answer === answers[question]));
}

/**
 * The shop's address query for the chosen rules' filters: the type and each facet's values. Two answers
 * filtering one facet widen it (OR), as ticking two boxes in the shop does.
 */
export function shopQueryOf(productType: string, rules: FinderAnswerRule[]): string {
  const values = new Map<string, string[]>();
  for (const filter of rules.flatMap((rule) => rule.filters)) {
    const list = values.get(filter.key) ?? [];
    values.set(filter.key, [...list, ...filter.values.filter((value) => !list.includes(value))]);
  }
  const params = new URLSearchParams({ type: productType });
  for (const [key, list] of values) params.set(key, list.join(','));
  // commas stay readable in the address, as the shop writes them ("f.shape=Elongated,Hybrid")
  return params.toString().replaceAll('%2C', ',');
}

const number = (value: number) => String(Number(value.toFixed(2)));

function rangeText(range: SpecRange): string {
  const text = range.min === range.max ? number(range.min) : `${number(range.min)}-${number(range.max)}`;
  return range.unit ? `${text} ${range.unit}` : text;
}

/** The product's value a preference meets ("Widebody", "7.3-7.6 oz"), or null when it does not meet it. */
function metValue(preference: FinderPreference, candidate: SpecCandidate): string | null {
  if (preference.values) {
    const met = preference.values.filter((value) => candidate.facetValues.includes(`${preference.key}=${value}`));
    return met.length ? met.join(' and ') : null;
  }
  // a number: the whole stated range (every variant's) lies within the preference's, so the claim holds for any variant bought
  const range = preference.key.startsWith('f.') ? candidate.numbers[preference.key.slice(2)] : undefined;
  if (!range) return null;
  if (preference.min !== undefined && range.min < preference.min) return null;
  if (preference.max !== undefined && range.max > preference.max) return null;
  return rangeText(range);
}

interface ScoredCandidate {
  item: CatalogItem;
  score: number;
  reasons: string[];
  why: string;
}

function joinWords(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Points and reasons of one product under the chosen rules' preferences. */
export function scoreCandidate(rules: FinderAnswerRule[], candidate: SpecCandidate): ScoredCandidate {
  const preferences = rules.flatMap((rule) => rule.prefers);
  const met = preferences.flatMap((preference, order) => {
    const value = metValue(preference, candidate);
    return value === null ? [] : [{ points: preference.points, order, reason: preference.reason.replaceAll('{value}', value) }];
  });
  met.sort((a, b) => b.points - a.points || a.order - b.order);
  const reasons = [...new Set(met.map((entry) => entry.reason))];
  const score = met.reduce((sum, entry) => sum + entry.points, 0);
  let why: string;
  if (preferences.length === 0) why = 'Within your filters; answer more questions to rank paddles by fit.';
  else if (reasons.length === 0) why = 'Within your filters, though it meets none of your other wishes.';
  else why = `Fits because ${joinWords(reasons.slice(0, 3))}.`;
  return { item: candidate.item, score, reasons, why };
}

/** Best matches first: points, then in stock, then rated higher, then cheaper, then by name. */
export function byFit(a: ScoredCandidate, b: ScoredCandidate): number {
  return (
    b.score - a.score ||
    Number(b.item.stock > 0) - Number(a.item.stock > 0) ||
    (b.item.ratingAverage ?? 0) - (a.item.ratingAverage ?? 0) ||
    Number(a.item.price) - Number(b.item.price) ||
    a.item.name.localeCompare(b.item.name)
  );
}
