import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogListing } from '#common/schemas/catalog-listing.ts';
import { optionTypes, optionValues, products, productTypes, productVariants, variantOptionValues } from '#server/db/schema.ts';
import { seedDatabase } from '#server/seed/seed.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The shop's Color facet on the demo paddles: a paddle sold in one colour names it on its own row (what
// its card shows), a paddle in several names them on its variants; the facet counts both (product-terms.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { mode: 'demo', images: t.images });
}, 600_000);
afterAll(() => t?.close());

/** Each paddle's colours: its own and its variants', as a shopper would count them. */
async function paddleColours(): Promise<Map<number, Set<string>>> {
  const own = await t.db
    .select({ id: products.id, color: products.color })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(and(eq(productTypes.slug, 'paddles'), eq(products.isDeleted, false)));
  const byVariant = await t.db
    .select({ id: productVariants.productId, label: optionValues.label })
    .from(productVariants)
    .innerJoin(variantOptionValues, eq(variantOptionValues.variantId, productVariants.id))
    .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
    .innerJoin(optionTypes, and(eq(optionTypes.id, optionValues.optionTypeId), eq(optionTypes.key, 'color')));
  const colours = new Map(own.map((row) => [row.id, new Set(row.color ? [row.color] : [])]));
  for (const row of byVariant) colours.get(row.id)?.add(row.label);
  return colours;
}

describe("the Color facet on the shop's paddles", () => {
  it('lists every colour a paddle card shows, counting each paddle that has it', { timeout: 120_000 }, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog?type=paddles' });
    expect(res.statusCode).toBe(200);
    const listing = res.json<CatalogListing>();
    const facet = listing.facets.find((candidate) => candidate.key === 'o.color');
    expect(facet, 'the paddles have a Color facet').toBeDefined();
    const counts = Object.fromEntries(facet!.values.filter((value) => value.count > 0).map((value) => [value.value, value.count]));

    const cardColours = new Set(listing.items.map((item) => item.color).filter((color): color is string => Boolean(color)));
    expect(listing.items).toHaveLength(listing.total);
    expect(cardColours.size).toBeGreaterThan(4);
    for (const colour of cardColours) expect(counts[colour], `${colour} is in the facet`).toBeGreaterThan(0);

    const expected: Record<string, number> = {};
    for (const colours of (await paddleColours()).values()) for (const colour of colours) expected[colour] = (expected[colour] ?? 0) + 1;
    expect(counts).toEqual(expected);
  });

  it('finds a single-colour paddle by its colour', { timeout: 120_000 }, async () => {
    const listing = (await t.app.inject({ method: 'GET', url: '/api/catalog?type=paddles' })).json<CatalogListing>();
    const colour = listing.items.find((item) => item.color && item.color !== 'Black')!.color!;
    const filtered = (await t.app.inject({ method: 'GET', url: `/api/catalog?type=paddles&o.color=${encodeURIComponent(colour)}` })).json<CatalogListing>();
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.map((item) => item.name)).toContain(listing.items.find((item) => item.color === colour)!.name);
  });
});
