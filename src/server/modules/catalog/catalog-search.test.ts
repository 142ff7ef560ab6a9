import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Product } from '#common/schemas/catalog.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { asc, eq } from 'drizzle-orm';
import { brands, products } from '#server/db/schema.ts';
import { searchQueryText, typoMatches, withSearchPlan } from './catalog-search.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let kitchenLine: number;

beforeAll(async () => {
  t = await createTestApp();
  const inserted = await insertBrands(t.db, [{ name: 'Kitchen Line Co.' }, { name: 'Baseline Athletic' }]);
  kitchenLine = inserted.find((b) => b.name === 'Kitchen Line Co.')!.id;
  const baseline = inserted.find((b) => b.name === 'Baseline Athletic')!.id;
  await insertProducts(t.db, [
    {
      brandId: kitchenLine,
      name: 'Reset Pro Raw Carbon',
      sku: 'KLC-PD-001',
      price: '219.99',
      thickness: '16mm',
      description: 'Raw carbon over a polymer core.',
      stock: 5,
    },
    { brandId: kitchenLine, name: 'Neoprene Paddle Cover', sku: 'KLC-AC-001', price: '19.99', description: 'Protects the edge guard.', stock: 10 },
    {
      brandId: kitchenLine,
      name: 'Wide Body Control Paddle',
      sku: 'KLC-PD-002',
      price: '159.99',
      thickness: '16 mm',
      description: 'A forgiving face.',
      stock: 0,
    },
    { name: 'Firestorm Elongated', sku: 'FS-PD-001', price: '179.99', thickness: '14mm', description: 'An elongated paddle for baseline drives.', stock: 4 },
    { name: 'CRBN 1X Power Series', sku: 'CR-PD-001', price: '249.99', thickness: '14mm', description: 'Thermoformed and foam-injected edges.', stock: 2 },
    { brandId: baseline, name: "Men's Court Shoe", sku: 'BLA-SH-001', price: '129.99', color: 'White/Blue', description: 'A herringbone outsole.', stock: 3 },
    { name: 'Tour Backpack', sku: 'TB-001', price: '89.99', description: 'Holds two paddles and a pair of shoes.', stock: 7 },
    { name: 'Practice Balls', sku: 'PB-100', price: '49.99', description: 'A bucket of 100.', stock: 0 },
  ]);
});
afterAll(() => t.close());

const search = async (text: string, extra = '') => {
  const res = await t.app.inject({ url: `/api/products?search=${encodeURIComponent(text)}${extra}` });
  expect(res.statusCode).toBe(200);
  const items = res.json() as Product[];
  for (const item of items) expect(() => Product.parse(item)).not.toThrow();
  return items.map((item) => item.name);
};

describe('searchQueryText', () => {
  it('ands the words, lets the last one be a prefix and joins "16 mm" into one word', () => {
    expect(searchQueryText('court shoes')).toBe('court & shoes:*');
    expect(searchQueryText('16 mm Paddle')).toBe('16mm & Paddle:*');
    expect(searchQueryText("men's KLC-PD")).toBe('men & s & KLC & PD:*');
    expect(searchQueryText('kitchen paddle', '|')).toBe('kitchen | paddle:*');
  });

  it('keeps only letters and digits, so nothing reads as a tsquery operator', () => {
    for (const text of ["'", '&|!', '(', ':*', '<->', '🏓', '   ']) expect(searchQueryText(text)).toBeNull();
    expect(searchQueryText("o'neil & (paddle)!")).toBe('o & neil & paddle:*');
  });
});

describe('GET /api/products?search=', () => {
  it('finds plurals by their singular and the other way round, name hits above description hits', async () => {
    expect(await search('shoes')).toEqual(["Men's Court Shoe", 'Tour Backpack']);
    expect(await search('shoe')).toEqual(["Men's Court Shoe", 'Tour Backpack']);
    expect(await search('paddles')).toEqual(['Neoprene Paddle Cover', 'Firestorm Elongated', 'Tour Backpack', 'Wide Body Control Paddle']);
  });

  it('takes the last word as the start of a word while the shopper types', async () => {
    expect(await search('padd')).toEqual(await search('paddles'));
    expect(await search('court sh')).toEqual(["Men's Court Shoe"]);
  });

  it('finds "16mm", "16 mm" and "14mm" in the thickness, however it is written', async () => {
    expect(await search('16mm')).toEqual(['Reset Pro Raw Carbon', 'Wide Body Control Paddle']);
    expect(await search('16 MM')).toEqual(['Reset Pro Raw Carbon', 'Wide Body Control Paddle']);
    expect(await search('14mm')).toEqual(['CRBN 1X Power Series', 'Firestorm Elongated']);
    expect(await search('carbon 16mm')).toEqual(['Reset Pro Raw Carbon']);
  });

  it('ranks a brand-name hit above a description hit', async () => {
    expect(await search('baseline')).toEqual(["Men's Court Shoe", 'Firestorm Elongated']);
    expect(await search('kitchen line')).toEqual(['Neoprene Paddle Cover', 'Reset Pro Raw Carbon', 'Wide Body Control Paddle']);
  });

  it('matches words across the brand and the product', async () => {
    expect(await search('kitchen paddle')).toEqual(['Neoprene Paddle Cover', 'Wide Body Control Paddle']);
    expect(await search('baseline shoe')).toEqual(["Men's Court Shoe"]);
  });

  it('finds names with a typo, closest first, when nothing matches exactly', async () => {
    expect(await search('carbn')).toEqual(['Reset Pro Raw Carbon', 'CRBN 1X Power Series']);
    // a typo of a catalogue word finds what the word finds (decision 054), descriptions included
    expect(await search('padle')).toEqual(await search('paddle'));
    expect(await search('zzqqxx')).toEqual([]);
  });

  it("finds by a typo of a brand's name the brand's products", async () => {
    const plan = await typoMatches(t.db, 'Kitchin Lyne');
    const found = await withSearchPlan(t.db, plan, (reader) =>
      reader
        .select({ name: products.name })
        .from(products)
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(plan.where)
        .orderBy(...plan.orderBy, asc(products.name)),
    );
    expect(found.map((row) => row.name)).toEqual(['Neoprene Paddle Cover', 'Reset Pro Raw Carbon', 'Wide Body Control Paddle']);
  });

  it('finds a partial SKU', async () => {
    expect(await search('klc-pd')).toEqual(['Reset Pro Raw Carbon', 'Wide Body Control Paddle']);
  });

  it('keeps to the brand filter, typos included', async () => {
    expect(await search('paddle', `&brandId=${kitchenLine}`)).toEqual(['Neoprene Paddle Cover', 'Wide Body Control Paddle']);
    expect(await search('padle', `&brandId=${kitchenLine}`)).toEqual(['Neoprene Paddle Cover', 'Wide Body Control Paddle']);
    expect(await search('shoes', `&brandId=${kitchenLine}`)).toEqual([]);
  });

  it.each(["'", '&|!', '(', 'paddle & (', ':*', "'; drop table products; --", '🏓', '🏓 paddle', '   ', 'a'.repeat(200), 'ab '.repeat(66) + 'ab'])(
    'answers odd input %j with a list',
    async (text) => {
      await search(text);
    },
  );

  it('finds a name by a character no word has', async () => {
    expect(await search("'")).toEqual(["Men's Court Shoe"]);
  });
});

describe('GET /api/catalog?q= (matched and ordered over the kept catalogue, decision 075)', () => {
  const listed = async (text: string, extra = '') => {
    const res = await t.app.inject({ url: `/api/catalog?q=${encodeURIComponent(text)}${extra}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { name: string }[]; total: number }).items.map((item) => item.name);
  };

  it.each([
    'paddles',
    'padd',
    'shoe',
    '16mm',
    '16 MM',
    'carbon 16mm',
    'baseline',
    'kitchen line',
    'kitchen paddle',
    'klc-pd',
    'carbn',
    'the',
    'pro',
    'co',
    'r',
    "'",
  ])('lists %j as the SQL search orders it, product for product', async (text) => {
    expect(await listed(text)).toEqual(await search(text));
  });

  it('keeps the relevance order: name over brand over details over description, more places first', async () => {
    expect(await listed('carbon')).toEqual(['Reset Pro Raw Carbon']);
    expect(await listed('baseline')).toEqual(["Men's Court Shoe", 'Firestorm Elongated']);
    expect(await listed('paddles')).toEqual(['Neoprene Paddle Cover', 'Firestorm Elongated', 'Tour Backpack', 'Wide Body Control Paddle']);
    expect(await listed('carbn')).toEqual(['Reset Pro Raw Carbon', 'CRBN 1X Power Series']);
  });

  it('orders the matches by price as a listing does', async () => {
    expect(await listed('paddle', '&sort=price_asc')).toEqual(['Neoprene Paddle Cover', 'Tour Backpack', 'Firestorm Elongated', 'Wide Body Control Paddle']);
  });
});

describe('GET /api/products', () => {
  it('lists sold-out products after the available ones, each by name', async () => {
    expect(await search('')).toEqual([
      'CRBN 1X Power Series',
      'Firestorm Elongated',
      "Men's Court Shoe",
      'Neoprene Paddle Cover',
      'Reset Pro Raw Carbon',
      'Tour Backpack',
      'Practice Balls',
      'Wide Body Control Paddle',
    ]);
  });
});
