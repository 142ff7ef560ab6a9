import { describe, expect, it } from 'vitest';
import { buildSearchIndex, ROWS_PER_PACE, WORD_SEPARATOR, type AnalysedSearch } from './search-index.ts';

// The kept catalogue's search index (decision 075) over many products: the posting lists give each word's
// products in every place, and the build gives turns (its pace) as it goes rather than once at the end.

const PRODUCTS = 1000;
const joined = (...words: string[]) => words.join(WORD_SEPARATOR);
const brandIds = Int32Array.from({ length: PRODUCTS }, (_, place) => (place % 2 ? 1 : 2));
const rows = Array.from({ length: PRODUCTS }, (_, place) => ({
  name: `Paddle ${place}`,
  sku: `SKU-${place}`,
  nameWords: joined('paddl', place % 3 === 0 ? 'carbon' : 'glass'),
  detailWords: place % 7 === 0 ? joined('kevlar', '16mm') : null,
  descriptionWords: place % 10 === 0 ? joined('carbon') : '',
}));
const brands = [
  { id: 1, name: 'Selkirk', words: ['selkirk'] },
  { id: 2, name: 'Joola', words: ['joola'] },
];
const search = (...lexemes: string[]): AnalysedSearch => ({
  groups: lexemes.map((lexeme) => ({ forms: [[{ lexeme, prefix: false }]] })),
  literal: lexemes.join(' '),
  namedTypeIds: [],
});
const placesOf = (flags: Uint8Array) => [...flags.keys()].filter((place) => flags[place] === 1);
const every = (test: (place: number) => boolean) => Array.from({ length: PRODUCTS }, (_, place) => place).filter(test);

describe('the search index', () => {
  it("finds each word's products in every place, and weighs where it is found", async () => {
    const index = await buildSearchIndex(brandIds, rows, brands, async () => {});
    expect(placesOf(index.match(search('carbon')).matched)).toEqual(every((place) => place % 3 === 0 || place % 10 === 0));
    expect(placesOf(index.match(search('kevlar', 'carbon')).matched)).toEqual(every((place) => place % 7 === 0 && (place % 3 === 0 || place % 10 === 0)));
    const carbon = index.match(search('carbon'));
    // the name 10, the description 1: both 11
    expect([carbon.scores[30], carbon.scores[3], carbon.scores[10]]).toEqual([11, 10, 1]);
    expect(placesOf(index.match(search('selkirk', 'kevlar')).matched)).toEqual(every((place) => place % 2 === 1 && place % 7 === 0));
  });

  it('matches nothing at a place it holds no row for (a product written after the kept catalogue was read)', async () => {
    const index = await buildSearchIndex(brandIds, [undefined, ...rows.slice(1)], brands, async () => {});
    expect(placesOf(index.match(search('carbon')).matched)).toEqual(every((place) => place > 0 && (place % 3 === 0 || place % 10 === 0)));
    expect(placesOf(index.match(search('selkirk')).matched)[0]).toBe(1);
  });

  it('gives a turn every few hundred products while it builds', async () => {
    let turns = 0;
    await buildSearchIndex(brandIds, rows, brands, async () => void (turns += 1));
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(PRODUCTS / ROWS_PER_PACE));
  });
});
