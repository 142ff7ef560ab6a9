import { z } from 'zod';
import { FINDER_QUESTIONS, FINDER_QUESTION_KEYS, answerLabel } from '../paddle-finder-quiz.ts';
import { CatalogItem } from './catalog-listing.ts';

// The paddle finder (docs/decisions/028): a short quiz whose answers are the address's query
// (/paddle-finder/results?skill=beginner&format=doubles...), and the owner's rules that turn each answer
// into shop filters (hard: the shop's own facets) and preferences (soft: points and a reason per match).

function answerOf<Q extends (typeof FINDER_QUESTIONS)[number]>(question: Q) {
  const values = question.answers.map((answer) => answer.value) as [Q['answers'][number]['value'], ...Q['answers'][number]['value'][]];
  // a shared link with an answer that no longer exists (or never did) still opens: that answer is dropped
  return z.enum(values).optional().catch(undefined);
}

/** The quiz's answers as the address carries them; unknown parameters are dropped, unknown answers ignored. */
export const FinderAnswers = z.object({
  skill: answerOf(FINDER_QUESTIONS[0]),
  format: answerOf(FINDER_QUESTIONS[1]),
  style: answerOf(FINDER_QUESTIONS[2]),
  arm: answerOf(FINDER_QUESTIONS[3]),
  budget: answerOf(FINDER_QUESTIONS[4]),
  weight: answerOf(FINDER_QUESTIONS[5]),
});
export type FinderAnswers = z.infer<typeof FinderAnswers>;

const FACET_KEY = /^(price|brand|in_stock|usapa|[fo]\.[a-z0-9_]{1,60})$/;
const SPEC_KEY = /^[fo]\.[a-z0-9_]{1,60}$/;
const ruleText = (max: number) => z.string().trim().min(1).max(max);

/** A hard filter: one of the shop's facets (its key and values as the shop's address writes them). */
const FinderFilter = z.object({
  key: z.string().regex(FACET_KEY, 'A filter key is price, brand, in_stock, usapa, f.<spec key> or o.<option key>'),
  values: z.array(ruleText(100)).min(1).max(20),
});

/**
 * A preference: a product earns its points when its spec (f.<key>) or one of its variants' options
 * (o.<key>) has one of the values, or, for numbers, when its whole stated range lies within [min, max]. The reason is
 * shown with the match; "{value}" in it becomes the product's own value ("light at 7.3-7.6 oz").
 */
export const FinderPreference = z
  .object({
    key: z.string().regex(SPEC_KEY, 'A preference key is f.<spec key> or o.<option key>'),
    values: z.array(ruleText(100)).min(1).max(20).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    points: z.number().int().min(1).max(10),
    reason: ruleText(200),
  })
  .refine((rule) => (rule.values === undefined) !== (rule.min === undefined && rule.max === undefined), {
    message: 'A preference names either values or a min/max range',
  })
  .refine((rule) => rule.min === undefined || rule.max === undefined || rule.min <= rule.max, { message: 'min must not be above max' });
export type FinderPreference = z.infer<typeof FinderPreference>;

export const FinderAnswerRule = z.object({
  question: z.enum(FINDER_QUESTION_KEYS),
  answer: z.string().max(40),
  filters: z.array(FinderFilter).max(10).default([]),
  prefers: z.array(FinderPreference).max(10).default([]),
});
export type FinderAnswerRule = z.infer<typeof FinderAnswerRule>;

/** The owner's rules: the product type the finder searches and what each answer does (an answer without a rule does nothing). */
export const FinderRules = z
  .object({
    productType: ruleText(100),
    rules: z.array(FinderAnswerRule).max(40),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.rules.forEach((rule, index) => {
      if (answerLabel(rule.question, rule.answer) === null) {
        context.addIssue({ code: 'custom', path: ['rules', index, 'answer'], message: `"${rule.answer}" is not an answer to ${rule.question}` });
      }
      const id = `${rule.question}=${rule.answer}`;
      if (seen.has(id)) context.addIssue({ code: 'custom', path: ['rules', index], message: `${id} has two rules` });
      seen.add(id);
    });
  });
export type FinderRules = z.infer<typeof FinderRules>;

/** The rules as the admin reads them: whether they are still the shop's defaults. */
export const FinderRulesView = z.object({ rules: FinderRules, isDefault: z.boolean() });
export type FinderRulesView = z.infer<typeof FinderRulesView>;

export const FinderMatch = z.object({
  product: CatalogItem,
  score: z.number().int(),
  /** the preferences it meets, most points first */
  reasons: z.array(z.string()),
  /** one sentence saying why it fits */
  why: z.string(),
});
export type FinderMatch = z.infer<typeof FinderMatch>;

/** At most this many matches are shown, best first. */
export const FINDER_MATCHES = 12;

export const FinderResult = z.object({
  answers: FinderAnswers,
  /** the shop's address query for the answers' hard filters ("type=paddles&price=-100") */
  shopQuery: z.string(),
  /** products within the filters */
  total: z.number().int(),
  matches: z.array(FinderMatch),
});
export type FinderResult = z.infer<typeof FinderResult>;
