import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Product } from '#common/schemas/catalog.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

const product = {
  id: 1,
  brandId: 2,
  name: 'Quote " and \u2028 line',
  slug: 'quote-and-line',
  sku: null,
  price: '99.99',
  description: null,
  thickness: '16mm',
  color: null,
  imageUrl: null,
  stock: 3,
  releaseDate: null,
  isFeatured: false,
  productTypeId: 1,
  usapaStatus: 'approved',
  usapaCheckedOn: null,
  brand: { id: 2, name: 'Brand', slug: 'brand', description: null, imageUrl: null, isFeatured: true, createdAt: new Date(0), secretNote: 'internal' },
  costPrice: '12.00',
  searchVector: "'paddl':1",
};

async function answer(schema: z.core.$ZodType, data: unknown, compiler = responseSerializerCompiler) {
  const app = Fastify();
  app.setSerializerCompiler(compiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => data);
  const res = await app.inject({ url: '/' });
  await app.close();
  return res;
}

describe('response serializer', () => {
  it('writes what zod would, and nothing the schema does not name', async () => {
    const list = [product, { ...product, id: 2, brandId: null, brand: null }, { ...product, id: 3, brand: undefined }];
    const fast = await answer(z.array(Product), list);
    const zod = await answer(z.array(Product), list, zodSerializerCompiler as typeof responseSerializerCompiler);
    expect(fast.statusCode).toBe(200);
    expect(fast.body).toBe(zod.body);
    for (const hidden of ['costPrice', 'searchVector', 'secretNote', 'createdAt', 'internal']) expect(fast.body).not.toContain(hidden);
  });

  it('keeps zod for what JSON Schema cannot say, and refuses an answer missing a field', async () => {
    const cents = z.codec(z.string(), z.number(), { decode: (text) => Math.round(Number(text) * 100), encode: (value) => (value / 100).toFixed(2) });
    expect((await answer(z.object({ totals: z.array(z.object({ total: cents })) }), { totals: [{ total: 1234 }] })).json()).toEqual({
      totals: [{ total: '12.34' }],
    });
    expect((await answer(z.object({ id: z.number() }), { other: 1 })).statusCode).toBe(500);
  });
});
