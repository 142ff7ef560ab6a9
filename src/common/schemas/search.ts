import { z } from 'zod';
import { ProductTypeSummary } from './catalog-model.ts';

// Predictive search and the owner's search settings (decision 054).

/** Control characters have no place in a search: refused rather than stored or echoed. */
const CONTROL = /[\p{Cc}]/u;
const MAX_SEARCH_LENGTH = 100;

export const SuggestQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'q is required')
    .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`)
    .refine((text) => !CONTROL.test(text), 'q must not hold control characters'),
});

const SuggestedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  price: z.string(),
  imageUrl: z.string().nullable(),
  brandName: z.string().nullable(),
});

const SuggestedBrand = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

/** What the header's box offers while the shopper types. */
export const Suggestions = z.object({
  /** the search as the shop understood it when it corrected a word ("padle" -> "paddle"), else null */
  didYouMean: z.string().nullable(),
  queries: z.array(z.string()),
  categories: z.array(ProductTypeSummary),
  brands: z.array(SuggestedBrand),
  products: z.array(SuggestedProduct),
});
export type Suggestions = z.infer<typeof Suggestions>;

/** A word as the synonyms take it: letters and digits, lowercase. */
const SynonymWords = (max: number, message: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(new RegExp(`^[\\p{L}\\p{Nd}]{2,40}( [\\p{L}\\p{Nd}]{2,40}){0,${max - 1}}$`, 'u'), message);

export const SynonymInput = z.object({
  term: SynonymWords(1, 'The term must be one word of 2 to 40 letters or digits'),
  meanings: z
    .array(SynonymWords(3, 'Each meaning must be one to three words of letters or digits'))
    .min(1, 'Give at least one meaning')
    .max(10, 'At most 10 meanings'),
});
export type SynonymInput = z.infer<typeof SynonymInput>;

export const Synonym = z.object({ id: z.number().int(), term: z.string(), meanings: z.array(z.string()) });
export type Synonym = z.infer<typeof Synonym>;

const TermCount = z.object({ term: z.string(), searches: z.number().int() });
export type TermCount = z.infer<typeof TermCount>;

export const SearchTermsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** The owner's report: the most searched terms and the ones that found nothing, over the last days. */
export const SearchTermReport = z.object({
  days: z.number().int(),
  top: z.array(TermCount),
  zeroResults: z.array(TermCount),
});
export type SearchTermReport = z.infer<typeof SearchTermReport>;
