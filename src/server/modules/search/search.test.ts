import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogListing } from '#common/schemas/catalog-listing.ts';
import { SearchTermReport, Suggestions, Synonym } from '#common/schemas/search.ts';
import { insertBrands, insertCatalogueForFacets, type FacetProductSpec } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { forgetSearchWords, readSearch } from './search-words-service.ts';

// Issue 34: a search forgives typos and stems on types, brands and names, knows the owner's synonyms,
// offers suggestions as the shopper types and counts what shoppers searched for.

let t: TestApp;
let admin: SignedIn;

const PADDLES = ['Vanguard Power Air', 'Perseus Pro IV', 'Hyperion CFS 16', 'Ben Johns Pro', 'Tour Edge Control'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [selkirk, joola, franklin] = await insertBrands(t.db, [{ name: 'Selkirk' }, { name: 'JOOLA' }, { name: 'Franklin' }]);
  const item = (name: string, type: string, brandId: number, stock = 5): FacetProductSpec => ({ name, type, brandId, variants: [{ price: '99.00', stock }] });
  await insertCatalogueForFacets(t.db, [
    ...PADDLES.map((name, index) => item(name, 'paddles', [selkirk!, joola!][index % 2]!.id)),
    item('Neoprene Paddle Cover', 'accessories', selkirk!.id),
    item('X-40 Outdoor Pickleball Balls', 'balls', franklin!.id),
    item('Court Shoe', 'shoes', franklin!.id),
  ]);
});
afterAll(() => t.close());

async function results(text: string): Promise<CatalogListing> {
  const res = await t.app.inject({ url: `/api/catalog?q=${encodeURIComponent(text)}` });
  expect(res.statusCode).toBe(200);
  return CatalogListing.parse(res.json());
}
const names = async (text: string) => (await results(text)).items.map((item) => item.name).sort();

async function suggestions(text: string): Promise<Suggestions> {
  const res = await t.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(text)}` });
  expect(res.statusCode, res.body).toBe(200);
  return Suggestions.parse(res.json());
}

const everyPaddle = [...PADDLES, 'Neoprene Paddle Cover'].sort();

describe('a search that forgives', () => {
  it('finds every paddle for "padle" and "paddels", as for "paddles", and says what it meant', async () => {
    expect(await names('paddles')).toEqual(everyPaddle);
    expect(await names('padle')).toEqual(everyPaddle);
    expect(await names('paddels')).toEqual(everyPaddle);
    expect((await results('padle')).search?.didYouMean).toBe('paddle');
    expect((await results('paddles')).search?.didYouMean).toBeNull();
  });

  it("keeps the catalogue's words through a change that leaves them, and reads them again after one that does not", async () => {
    expect((await readSearch(t.db, 'vangard')).didYouMean).toBe('vanguard');
    const reads = vi.spyOn(t.db, 'transaction');
    try {
      await t.db.execute(sql`update products set price = price + 1, stock = stock + 1, is_featured = not is_featured where name = 'Court Shoe'`);
      forgetSearchWords(t.db);
      expect((await readSearch(t.db, 'vangard')).didYouMean).toBe('vanguard');
      expect(reads).not.toHaveBeenCalled();
      await t.db.execute(sql`update products set name = 'Quokka Court Shoe' where name = 'Court Shoe'`);
      forgetSearchWords(t.db);
      expect((await readSearch(t.db, 'quoka')).didYouMean).toBe('quokka');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      await t.db.execute(
        sql`update products set name = 'Court Shoe', price = price - 1, stock = stock - 1, is_featured = not is_featured where name = 'Quokka Court Shoe'`,
      );
      forgetSearchWords(t.db);
    }
  });

  it('lists the category a corrected word names first', async () => {
    const items = (await results('padle')).items.map((item) => item.name);
    expect(items.at(-1)).toBe('Neoprene Paddle Cover');
  });

  it('finds a brand by its misspelling ("selkrik") and a word with two letters swapped ("pickelball")', async () => {
    const selkirk = ['Hyperion CFS 16', 'Neoprene Paddle Cover', 'Tour Edge Control', 'Vanguard Power Air'];
    expect(await names('selkrik')).toEqual(selkirk);
    expect((await results('selkrik')).search?.didYouMean).toBe('selkirk');
    expect(await names('pickelball')).toEqual(['X-40 Outdoor Pickleball Balls']);
    expect(await names('selkrik padle')).toEqual(selkirk);
  });

  it('keeps /api/products?search= (the spec contract) forgiving too', async () => {
    const res = await t.app.inject({ url: '/api/products?search=padle' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { name: string }[]).map((item) => item.name).sort()).toEqual(everyPaddle);
  });

  it('answers a search that finds nothing with the categories that have the most products', async () => {
    const listing = await results('zzqqxx');
    expect(listing.total).toBe(0);
    expect(listing.search?.didYouMean).toBeNull();
    expect(listing.search?.popularCategories.map((category) => category.slug)).toEqual(['paddles', 'accessories', 'balls', 'shoes']);
    expect((await results('paddle')).search?.popularCategories).toEqual([]);
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests paddles, the Paddles category and the corrected search for "padle"', async () => {
    const found = await suggestions('padle');
    expect(found.didYouMean).toBe('paddle');
    expect(found.queries[0]).toBe('paddle');
    expect(found.categories.map((category) => category.slug)).toEqual(['paddles']);
    expect(found.products).toHaveLength(5);
    expect(found.products.every((product) => PADDLES.includes(product.name))).toBe(true);
    expect(found.products[0]).toMatchObject({ price: '99.00', brandName: expect.any(String), slug: expect.any(String) });
  });

  it('suggests the brand for "selkrik", and for the start of its name with a typo', async () => {
    expect((await suggestions('selkrik')).brands.map((brand) => brand.name)).toEqual(['Selkirk']);
    expect((await suggestions('selkr')).brands.map((brand) => brand.name)).toEqual(['Selkirk']);
    expect((await suggestions('selk')).brands.map((brand) => brand.name)).toEqual(['Selkirk']);
  });

  it.each([
    ['a search over 100 characters', 'p'.repeat(101)],
    ['a control character', 'pad\u0000dle'],
    ['a line break', 'pad\ndle'],
    ['no search', ''],
  ])('refuses %s with a 400', async (_, text) => {
    const res = await t.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(text)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('q') });
  });

  it('answers punctuation alone with empty suggestions', async () => {
    expect(await suggestions("'&|!")).toMatchObject({ products: [], brands: [], categories: [] });
  });
});

describe('synonyms', () => {
  it('lets the owner say "racket" means paddle, and takes it back', async () => {
    expect(await names('racket')).toEqual([]);
    const saved = await admin.inject({ method: 'POST', url: '/api/admin/search/synonyms', payload: { term: ' Racket ', meanings: ['Paddle'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const synonym = Synonym.parse(saved.json());
    expect(synonym).toMatchObject({ term: 'racket', meanings: ['paddle'] });
    expect(await names('racket')).toEqual(everyPaddle);
    expect(await names('rackets')).toEqual(everyPaddle);
    // a typo of the term is read as the term
    expect(await names('raket')).toEqual(everyPaddle);
    expect((await suggestions('racket')).categories.map((category) => category.slug)).toEqual(['paddles']);

    const list = await admin.inject({ url: '/api/admin/search/synonyms' });
    expect(list.json()).toEqual([synonym]);
    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/search/synonyms/${synonym.id}` })).statusCode).toBe(200);
    expect(await names('racket')).toEqual([]);
    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/search/synonyms/${synonym.id}` })).statusCode).toBe(404);
  });

  it('refuses a term of several words, an empty meaning list and shoppers', async () => {
    for (const payload of [
      { term: 'ping pong', meanings: ['paddle'] },
      { term: 'racket', meanings: [] },
      { term: 'racket', meanings: ['a;b'] },
    ]) {
      const res = await admin.inject({ method: 'POST', url: '/api/admin/search/synonyms', payload });
      expect(res.statusCode).toBe(400);
    }
    const shopper = await t.signIn();
    expect((await shopper.inject({ url: '/api/admin/search/synonyms' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/search/terms' })).statusCode).toBe(401);
  });
});

describe('search terms', () => {
  it('counts searches and zero-result searches per term, and nothing personal', async () => {
    await results('Shoe');
    await results('shoe');
    await results('  SHOE ');
    await results('qqzzyy');
    await results('me@example.com');
    await results('4111 1111 1111 1111');
    // a second page, a filter or a sort is the same search looked at again
    await t.app.inject({ url: '/api/catalog?q=shoe&page=2' });
    await t.app.inject({ url: '/api/catalog?q=shoe&sort=newest' });
    await t.app.inject({ url: '/api/catalog?q=shoe&type=shoes' });
    // suggestions are not searches
    await suggestions('shoe');

    const res = await admin.inject({ url: '/api/admin/search/terms?days=7' });
    expect(res.statusCode).toBe(200);
    const report = SearchTermReport.parse(res.json());
    expect(report.days).toBe(7);
    expect(report.top.find((row) => row.term === 'shoe')).toEqual({ term: 'shoe', searches: 3 });
    expect(report.zeroResults.find((row) => row.term === 'qqzzyy')).toEqual({ term: 'qqzzyy', searches: 1 });
    expect(report.zeroResults.some((row) => row.term === 'shoe')).toBe(false);
    const terms = [...report.top, ...report.zeroResults].map((row) => row.term);
    expect(terms.some((term) => term.includes('@') || term.includes('4111'))).toBe(false);
  });

  it('suggests past searches that found something', async () => {
    await results('court shoe');
    await results('qqzzyy');
    expect((await suggestions('cour')).queries).toContain('court shoe');
    expect((await suggestions('qqzz')).queries).toEqual([]);
  });

  it('refuses a report over more than a year', async () => {
    expect((await admin.inject({ url: '/api/admin/search/terms?days=400' })).statusCode).toBe(400);
  });
});
