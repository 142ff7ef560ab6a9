import type { FastifyPluginAsync } from 'fastify';
import { ProductListQuery } from '#common/schemas/catalog.ts';
import type { AppDeps } from '#server/deps.ts';
import { parseId, parseInput } from '#server/http/errors.ts';
import { createCatalogReads, getBrand, listBrands, listFeaturedBrands, listFeaturedProducts, listProducts } from './catalog-service.ts';

export const catalogRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  const catalog = createCatalogReads(db);
  app.get('/products', async (request) => listProducts(db, parseInput(ProductListQuery, request.query, 'Invalid query')));
  app.get('/products/featured', async () => listFeaturedProducts(db));
  app.get('/products/:id', async (request) => catalog.getProduct(parseId(request.params)));

  app.get('/brands', async () => listBrands(db));
  app.get('/brands/featured', async () => listFeaturedBrands(db));
  app.get('/brands/:id', async (request) => getBrand(db, parseId(request.params)));
};
