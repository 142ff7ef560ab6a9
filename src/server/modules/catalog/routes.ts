import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import { Brand, CatalogKeyParam, ProductDetail, ProductListQuery, VariantListQuery, VariantStock } from '#common/schemas/catalog.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { ListPageQuery } from '#common/schemas/list-page.ts';
import { pageOf, pagedList, sendJsonPage, sendPage } from '#server/http/page-headers.ts';
import { errorResponses, sendJsonText } from '#server/http/route-schemas.ts';
import { CatalogItem, CatalogListing, CatalogQuery, CompareQuery, Comparison } from '#common/schemas/catalog-listing.ts';
import { SuggestQuery, Suggestions } from '#common/schemas/search.ts';
import { BoughtTogetherItem } from '#common/schemas/bought-together.ts';
import { listBoughtTogether } from './bought-together.ts';
import { compareProducts } from './catalog-compare.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { getBrand, listBrands, listFeaturedBrands, listRelatedProducts, listVariants } from './catalog-service.ts';
import { brandIdOf } from './slug-service.ts';
import { listProductTypes } from './product-types.ts';

// product lists carry what a card needs: the highest variant price and the variant count
const products = { 200: z.array(CatalogItem), ...errorResponses };
const brands = { 200: z.array(Brand), ...errorResponses };
// the spec's arrays, answered a page at a time (list-page.ts)
const pagedQuery = { description: pagedList.description, querystring: ListPageQuery };

export const catalogRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, catalog }) => {
  app.get(
    '/products',
    {
      schema: {
        summary: 'Products on sale, optionally of one brand or matching a search',
        description: pagedList.description,
        querystring: ProductListQuery,
        response: products,
      },
    },
    async (request, reply) =>
      request.query.ids === undefined
        ? sendJsonPage(request, reply, await catalog.listProductPage(request.query), request.query)
        : sendPage(request, reply, pageOf(await catalog.listProducts(request.query), request.query), request.query),
  );
  app.get(
    '/catalog',
    {
      schema: {
        summary: 'The shop page: a page of products under facets (brand, price, in_stock, usapa, f.<spec>, o.<option>), a search (q) and a sort, with counts',
        querystring: CatalogQuery,
        response: { 200: CatalogListing, ...errorResponses },
      },
    },
    async (request, reply) => sendJsonText(reply, await catalog.listCatalog(request.query)),
  );
  app.get(
    '/catalog/compare',
    {
      schema: {
        summary: 'Up to four products side by side: spec values and the options they offer',
        querystring: CompareQuery,
        response: { 200: Comparison, ...errorResponses },
      },
    },
    async (request) => compareProducts(db, request.query.ids),
  );
  app.get(
    '/search/suggest',
    {
      schema: {
        summary: 'Suggestions as the shopper types: products, categories, brands and searches',
        description: "Typos of the catalogue's words and the owner's synonyms are read as the results page reads them; didYouMean is the corrected search.",
        querystring: SuggestQuery,
        response: { 200: Suggestions, ...errorResponses },
      },
    },
    async (request) => catalog.suggest(request.query.q),
  );
  app.get(
    '/products/featured',
    { config: pagedList.config, schema: { summary: 'Featured products for the home page', ...pagedQuery, response: products } },
    async (request, reply) => sendJsonPage(request, reply, await catalog.listFeaturedPage(request.query), request.query),
  );
  app.get(
    '/products/:id',
    {
      schema: {
        summary: 'One product with its brand, type, variants, gallery and spec values',
        description: 'The key is the product id or its slug (a former slug finds the product too).',
        params: CatalogKeyParam,
        response: { 200: ProductDetail, ...errorResponses },
      },
    },
    async (request, reply) => sendJsonText(reply, await catalog.getProductDetailJson(request.params.id)),
  );
  app.get(
    '/products/:id/related',
    { schema: { summary: 'Up to 4 products in stock of the same type, the same brand first', params: IdParam, response: products } },
    async (request) => listRelatedProducts(db, request.params.id),
  );
  app.get(
    '/products/:id/bought-together',
    {
      schema: {
        summary: 'Frequently bought together: up to 3 products in stock from the same paid orders, else bestsellers of other types',
        params: IdParam,
        response: { 200: z.array(BoughtTogetherItem), ...errorResponses },
      },
    },
    async (request) => listBoughtTogether(db, catalog, request.params.id),
  );
  app.get(
    '/variants',
    {
      schema: {
        summary: 'Variants by id (a cart re-reading its lines): price and stock now',
        querystring: VariantListQuery,
        response: { 200: z.array(VariantStock), ...errorResponses },
      },
    },
    async (request) => listVariants(db, request.query.ids),
  );

  app.get('/brands', { config: pagedList.config, schema: { summary: 'All brands', ...pagedQuery, response: brands } }, async (request, reply) =>
    sendPage(request, reply, pageOf(await listBrands(db), request.query), request.query),
  );
  app.get(
    '/brands/featured',
    { config: pagedList.config, schema: { summary: 'Featured brands for the home page', ...pagedQuery, response: brands } },
    async (request, reply) => sendPage(request, reply, pageOf(await listFeaturedBrands(db), request.query), request.query),
  );
  app.get(
    '/brands/:id',
    { schema: { summary: 'One brand, by id or slug', params: CatalogKeyParam, response: { 200: Brand, ...errorResponses } } },
    async (request) => getBrand(db, await brandIdOf(db, request.params.id)),
  );

  app.get(
    '/product-types',
    {
      schema: {
        summary: 'Product types with their spec sheets and option axes',
        description: `Each axis lists every value the shop has for it (numeric sizes in size order), as editors and the shop's filters offer them. ${pagedList.description}`,
        querystring: ListPageQuery,
        response: { 200: z.array(ProductTypeWithValues), ...errorResponses },
      },
      config: pagedList.config,
    },
    async (request, reply) => sendPage(request, reply, pageOf(await listProductTypes(db), request.query), request.query),
  );
};
