import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeLayout, HomeView, MAX_HOME_SECTIONS, type HomeSection } from '#common/schemas/home.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: SignedIn;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn({ admin: true });
  const rows = await insertProducts(t.db, [
    {
      name: 'Home Grip Old',
      price: '9.00',
      stock: 5,
      imageUrl: '/uploads/grip-old.webp',
      ratingAverage: '4.90',
      ratingCount: 12,
      createdAt: new Date('2026-01-01'),
    },
    {
      name: 'Home Grip New',
      price: '11.00',
      stock: 5,
      imageUrl: '/uploads/grip-new.webp',
      ratingAverage: '3.10',
      ratingCount: 2,
      createdAt: new Date('2026-06-01'),
    },
    { name: 'Home Grip Gone', price: '12.00', stock: 0, createdAt: new Date('2026-09-01') },
  ]);
  ids = rows.map((row) => row.id);
});
afterAll(() => t.close());

const layout = async () => HomeLayout.parse((await owner.inject({ method: 'GET', url: '/api/admin/home' })).json());
const save = (body: object) => owner.inject({ method: 'PUT', url: '/api/admin/home', payload: body });
const home = async () => HomeView.parse((await t.app.inject({ method: 'GET', url: '/api/home' })).json());

const grid = (id: string, fields: Partial<Extract<HomeSection, { kind: 'products' }>> = {}): HomeSection => ({
  id,
  kind: 'products',
  title: 'New arrivals',
  rule: 'new_arrivals',
  typeSlug: 'accessories',
  count: 2,
  productIds: [],
  ...fields,
});

describe('the home page sections', () => {
  it("starts as today's page: hero with the carousel, finder, brands, features", async () => {
    expect((await home()).sections.map((section) => section.kind)).toEqual(['hero', 'finder', 'brands', 'features']);
  });

  it("saves the owner's sections in order and the storefront reads them resolved, following a move", async () => {
    const before = await layout();
    const sections: HomeSection[] = [
      { id: 'hero', kind: 'hero', carousel: false },
      { id: 'tiles', kind: 'categories', title: 'Shop by category', typeSlugs: ['accessories'] },
      grid('new'),
      grid('rated', { title: 'Top rated', rule: 'top_rated' }),
      grid('picked', { title: 'Our picks', rule: 'hand_picked', typeSlug: null, productIds: [ids[1]!, ids[0]!] }),
      { id: 'words', kind: 'text', title: 'About us', body: 'We **love** it. [Shop](/shop)' },
    ];
    const res = await save({ version: before.version, sections });
    expect(res.statusCode, res.body).toBe(200);
    expect(HomeLayout.parse(res.json())).toMatchObject({ version: before.version + 1, sections });

    const view = await home();
    expect(view.sections.map((section) => section.id)).toEqual(['hero', 'tiles', 'new', 'rated', 'picked', 'words']);
    const [, tiles, newest, rated, picked] = view.sections;
    expect(tiles).toMatchObject({
      kind: 'categories',
      tiles: [{ slug: 'accessories', name: expect.any(String), imageUrl: expect.stringMatching(/^\/uploads\//) }],
    });
    // in stock first, then by the rule; a grid shows at most its count
    expect(newest?.kind === 'products' && newest.products.map((product) => product.name)).toEqual(['Home Grip New', 'Home Grip Old']);
    expect(rated?.kind === 'products' && rated.products.map((product) => product.name)).toEqual(['Home Grip Old', 'Home Grip New']);
    expect(picked?.kind === 'products' && picked.products.map((product) => product.id)).toEqual([ids[1], ids[0]]);

    // moved up: the storefront follows
    const moved = [sections[0]!, sections[5]!, ...sections.slice(1, 5)];
    expect((await save({ version: before.version + 1, sections: moved })).statusCode).toBe(200);
    expect((await home()).sections.map((section) => section.id)).toEqual(['hero', 'words', 'tiles', 'new', 'rated', 'picked']);
  });

  it('previews a draft without saving it', async () => {
    const saved = await layout();
    const res = await owner.inject({ method: 'POST', url: '/api/admin/home/preview', payload: { sections: [grid('draft', { count: 1 })] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(HomeView.parse(res.json()).sections).toMatchObject([{ id: 'draft', products: [{ name: 'Home Grip New' }] }]);
    expect(await layout()).toEqual(saved);
  });
});

describe('refusals', () => {
  const refusals: Array<[string, (version: number) => object, RegExp]> = [
    ['an unknown kind', (version) => ({ version, sections: [{ id: 'x', kind: 'carousel' }] }), /^Invalid home page: .*kind/],
    [
      'too many sections',
      (version) => ({ version, sections: Array.from({ length: MAX_HOME_SECTIONS + 1 }, (_, i) => ({ id: `f${i}`, kind: 'finder' })) }),
      /At most 20 sections/,
    ],
    ['a product that does not exist', (version) => ({ version, sections: [grid('p', { rule: 'hand_picked', productIds: [999999] })] }), /no product 999999/],
    ['a product id that is no id', (version) => ({ version, sections: [grid('p', { rule: 'hand_picked', productIds: [-1] })] }), /positive/],
    ['a product type that does not exist', (version) => ({ version, sections: [grid('p', { typeSlug: 'rackets' })] }), /no product type "rackets"/],
    ['a hand-picked grid without products', (version) => ({ version, sections: [grid('p', { rule: 'hand_picked' })] }), /needs at least one product/],
    ['two sections with one id', (version) => ({ version, sections: [grid('p'), grid('p')] }), /its own id/],
    ['an unknown rule', (version) => ({ version, sections: [{ ...grid('p'), rule: 'cheapest' }] }), /Rule must be one of/],
    ['a count above the most', (version) => ({ version, sections: [grid('p', { count: 13 })] }), /at most 12/],
    ['a field no section has', (version) => ({ version, sections: [{ id: 'f', kind: 'finder', html: '<b>' }] }), /html/],
  ];
  it.each(refusals)('refuses %s with a 400, changing nothing', async (_name, body, message) => {
    const before = await layout();
    const res = await save(body(before.version));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await layout()).toEqual(before);
  });

  it('of two saves made from the same version, takes one and refuses the other (409)', async () => {
    const { version } = await layout();
    const answers = await Promise.all([save({ version, sections: [{ id: 'a', kind: 'finder' }] }), save({ version, sections: [{ id: 'b', kind: 'brands' }] })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const after = await layout();
    expect(after.version).toBe(version + 1);
    expect(after.sections).toHaveLength(1);
  });

  it('lets owners and managers arrange the page, nobody else', async () => {
    const body = { sections: [{ id: 'f', kind: 'finder' }] };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/home/preview', payload: body })).statusCode).toBe(401);
    for (const role of ['fulfilment', 'support'] as const) {
      const staff = await t.signIn({ role });
      expect((await staff.inject({ method: 'GET', url: '/api/admin/home' })).statusCode).toBe(403);
    }
    const manager = await t.signIn({ role: 'manager' });
    expect((await manager.inject({ method: 'POST', url: '/api/admin/home/preview', payload: body })).statusCode).toBe(200);
    // three sign-ins, each hashing a password
  }, 120_000);
});
