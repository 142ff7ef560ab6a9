import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogListing } from '#common/schemas/catalog-listing.ts';
import { FinderResult, FinderRulesView, type FinderRules } from '#common/schemas/paddle-finder.ts';
import { insertBrands, insertCatalogueForFacets, type FacetProductSpec } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { listProductTypes } from '#server/modules/catalog/catalog-service.ts';
import { DEFAULT_FINDER_RULES } from './default-rules.ts';
import { checkRules } from './rule-checks.ts';

let t: TestApp;
let admin: SignedIn;

interface PaddleSpec {
  name: string;
  shape: string;
  style: string;
  weight: [number, number];
  swing: number;
  cores: string[];
  price: string;
  stock?: number;
}

const paddle = (brandId: number, spec: PaddleSpec): FacetProductSpec => ({
  name: spec.name,
  type: 'paddles',
  brandId,
  specs: { shape: [spec.shape], play_style: [spec.style], static_weight: spec.weight, swing_weight: [spec.swing, spec.swing], face_material: ['Raw carbon'] },
  variants: spec.cores.map((core) => ({ price: spec.price, stock: spec.stock ?? 4, options: { core_thickness: core, grip_size: '4 1/4 in' } })),
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, [{ name: 'Finder Co' }]);
  await insertCatalogueForFacets(t.db, [
    paddle(brand!.id, { name: 'Feather Control', shape: 'Widebody', style: 'Control', weight: [7.4, 7.7], swing: 104, cores: ['16 mm'], price: '89.99' }),
    paddle(brand!.id, { name: 'Cannon Elongated', shape: 'Elongated', style: 'Power', weight: [8.2, 8.5], swing: 125, cores: ['14 mm'], price: '199.99' }),
    paddle(brand!.id, {
      name: 'Middle Hybrid',
      shape: 'Hybrid',
      style: 'All-court',
      weight: [7.8, 8.1],
      swing: 114,
      cores: ['14 mm', '16 mm'],
      price: '149.99',
    }),
    paddle(brand!.id, {
      name: 'Sold Out Feather',
      shape: 'Widebody',
      style: 'Control',
      weight: [7.4, 7.7],
      swing: 104,
      cores: ['16 mm'],
      price: '99.99',
      stock: 0,
    }),
  ]);
});

afterAll(async () => {
  await t.close();
});

async function find(query: string): Promise<FinderResult> {
  const response = await t.app.inject({ method: 'GET', url: `/api/paddle-finder?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return FinderResult.parse(response.json());
}

describe('the paddle finder', () => {
  it('ranks the paddles by the answers and says why each fits', async () => {
    const result = await find('skill=beginner&format=doubles&style=control&arm=yes');
    expect(result.matches.map((match) => match.product.name)).toEqual(['Feather Control', 'Sold Out Feather', 'Middle Hybrid', 'Cannon Elongated']);
    const [best] = result.matches;
    expect(best!.reasons).toContain('at 7.4-7.7 oz it is light on your elbow');
    expect(best!.reasons).toContain('its Widebody face forgives off-centre hits while you learn');
    expect(best!.why).toBe(
      'Fits because its Widebody face forgives off-centre hits while you learn, it is built for control and at 7.4-7.7 oz it is light on your elbow.',
    );
    // the power paddle meets none of these wishes, and says so
    expect(result.matches.at(-1)!.score).toBe(0);
    expect(result.matches.at(-1)!.why).toBe('Within your filters, though it meets none of your other wishes.');

    const power = await find('format=singles&style=power');
    expect(power.matches[0]!.product.name).toBe('Cannon Elongated');
    expect(power.matches[0]!.why).toContain('its Elongated shape gives the reach singles asks for');
  });

  it("turns budget and weight into the shop's own filters: the shop link lists the same paddles", async () => {
    const result = await find('budget=100-175&weight=mid&style=power');
    expect(result.shopQuery).toBe('type=paddles&price=100-175&f.static_weight=mid');
    expect(result.matches.map((match) => match.product.name)).toEqual(['Middle Hybrid']);
    const shop = CatalogListing.parse((await t.app.inject({ method: 'GET', url: `/api/catalog?${result.shopQuery}` })).json());
    expect(shop.total).toBe(result.total);
    expect(shop.items.map((item) => item.id)).toEqual(result.matches.map((match) => match.product.id));

    const none = await find('budget=under-100&weight=heavy');
    expect(none).toMatchObject({ total: 0, matches: [] });
  });

  it('ignores parameters and answers that do not exist: never an error', async () => {
    const result = await find('skill=grandmaster&arm=yes&colour=pink&budget=-5&weight=&style[]=x&style=power&style=control');
    expect(result.answers).toEqual({ arm: 'yes' });
    expect(result.shopQuery).toBe('type=paddles');
    expect(result.total).toBe(4);
    const bare = await find('');
    expect(bare.matches[0]!.why).toBe('Within your filters; answer more questions to rank paddles by fit.');
  });
});

describe("the owner's rules", () => {
  it('are the defaults in code until saved, and those name only what the standard paddle type has', async () => {
    expect(checkRules(DEFAULT_FINDER_RULES, await listProductTypes(t.db))).toEqual([]);
    const response = await admin.inject({ method: 'GET', url: '/api/admin/paddle-finder' });
    expect(FinderRulesView.parse(response.json())).toEqual({ rules: DEFAULT_FINDER_RULES, isDefault: true });
  });

  it('are admin-only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/paddle-finder' })).statusCode).toBe(401);
    const customer = await t.signIn();
    expect((await customer.inject({ method: 'PUT', url: '/api/admin/paddle-finder', payload: DEFAULT_FINDER_RULES })).statusCode).toBe(403);
  });

  it('refuse keys and values the catalogue lacks, naming each', async () => {
    const broken: FinderRules = {
      productType: 'paddles',
      rules: [
        {
          question: 'arm',
          answer: 'yes',
          filters: [{ key: 'f.colour', values: ['Red'] }],
          prefers: [{ key: 'f.shape', values: ['Widebdy'], points: 2, reason: 'wide' }],
        },
        {
          question: 'budget',
          answer: 'any',
          filters: [{ key: 'price', values: ['-100', '150-100'] }],
          prefers: [{ key: 'f.shape', min: 1, points: 1, reason: 'x' }],
        },
      ],
    };
    const response = await admin.inject({ method: 'PUT', url: '/api/admin/paddle-finder', payload: broken });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toBe('Invalid paddle finder rules: rules.0 (arm=yes).filters.0: Paddles have no "f.colour"');
    expect(body.issues.map((issue) => issue.path)).toEqual([
      'rules.0 (arm=yes).filters.0',
      'rules.0 (arm=yes).prefers.0',
      'rules.1 (budget=any).filters.0',
      'rules.1 (budget=any).prefers.0',
    ]);
    expect(body.issues[1]!.message).toContain('Shape has no "Widebdy"');

    const unknownAnswer = await admin.inject({
      method: 'PUT',
      url: '/api/admin/paddle-finder',
      payload: { productType: 'paddles', rules: [{ question: 'skill', answer: 'pro', filters: [], prefers: [] }] },
    });
    expect(unknownAnswer.statusCode).toBe(400);
    expect(unknownAnswer.json().message).toBe('Invalid paddle finder rules: rules.0.answer: "pro" is not an answer to skill');
  });

  it('once saved, drive the results; a reset puts the defaults back', async () => {
    const rules: FinderRules = {
      productType: 'paddles',
      rules: [
        {
          question: 'arm',
          answer: 'yes',
          filters: [{ key: 'f.shape', values: ['Hybrid'] }],
          prefers: [{ key: 'o.core_thickness', values: ['16 mm'], points: 1, reason: 'soft {value} core' }],
        },
      ],
    };
    const saved = await admin.inject({ method: 'PUT', url: '/api/admin/paddle-finder', payload: rules });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ rules, isDefault: false });
    const result = await find('arm=yes&style=control');
    expect(result.shopQuery).toBe('type=paddles&f.shape=Hybrid');
    expect(result.matches.map((match) => [match.product.name, match.why])).toEqual([['Middle Hybrid', 'Fits because soft 16 mm core.']]);

    const reset = await admin.inject({ method: 'DELETE', url: '/api/admin/paddle-finder' });
    expect(reset.json()).toEqual({ rules: DEFAULT_FINDER_RULES, isDefault: true });
    expect((await find('arm=yes')).shopQuery).toBe('type=paddles');
  });
});
