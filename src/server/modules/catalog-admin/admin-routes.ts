import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BrandInput, FeaturedInput, ProductInput, ProductUpdateInput } from '#common/schemas/admin-catalog.ts';
import { Deleted, ProductDeleted } from '#common/schemas/admin-results.ts';
import { Brand, Product } from '#common/schemas/catalog.ts';
import { ProductDocument, SavedProductDocument } from '#common/schemas/product-document.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { acceptMultipartForms, readsImageForm } from '#server/http/multipart-form.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { StockEditSource } from '#server/modules/stock/stock-ledger-service.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { createBrand, deleteBrand, setBrandFeatured, updateBrand } from './brand-admin-service.ts';
import { createProduct, deleteProduct, setProductFeatured, updateProduct } from './product-admin-service.ts';
import { productCsvRoutes } from './product-csv-routes.ts';
import { readProductDocument, saveProductDocument } from './product-document-service.ts';

const BrandUpdateInput = BrandInput.partial();

const imageFormDoc = {
  description: 'A multipart form with an optional `image` file (at most 5 MB), or the same fields as JSON without an image.',
  consumes: ['multipart/form-data', 'application/json'],
};
// admins only, checked before the body is read
const admin = { onRequest: requireAdmin };
const imageForm = { ...admin, preValidation: readsImageForm('image') };
const brandResult = { 200: Brand, ...errorResponses };
const productResult = { 200: Product, ...errorResponses };
const documentResult = { 200: SavedProductDocument, ...errorResponses };
const documentInput = { invalidInput: { body: 'Invalid product' } };
// the product editor's stock changes, in the stock ledger under the admin who saved them
const editedBy = (request: FastifyRequest): StockEditSource => ({ reason: 'variant_edit', actorUserId: request.user!.id });

/** Brand and product writes. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogAdminDeps, 'db' | 'images' | 'onRestock'>> = async (app, { db, images, onRestock }) => {
  sendNoStore(app);
  await acceptMultipartForms(app);
  // onRestock: a variant brought back from 0 alerts its waiting sign-ups (stock-alerts)
  const deps = { db, images, onRestock };
  productCsvRoutes(app, deps);

  app.post(
    '/brands',
    { ...imageForm, schema: { summary: 'Create a brand', ...imageFormDoc, body: BrandInput, response: { 201: Brand, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await createBrand(deps, request.body, request.formImage)),
  );

  app.patch(
    '/brands/:id',
    { ...imageForm, schema: { summary: 'Change a brand', ...imageFormDoc, params: IdParam, body: BrandUpdateInput, response: brandResult } },
    async (request) => updateBrand(deps, request.params.id, request.body, request.formImage),
  );

  app.delete(
    '/brands/:id',
    { ...admin, schema: { summary: 'Delete a brand', params: IdParam, response: { 200: Deleted, ...errorResponses } } },
    async (request) => {
      await deleteBrand(deps, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.patch(
    '/brands/:id/featured',
    { ...admin, schema: { summary: 'Feature a brand on the home page, or stop', params: IdParam, body: FeaturedInput, response: brandResult } },
    async (request) => setBrandFeatured(db, request.params.id, request.body.isFeatured),
  );

  app.post(
    '/products',
    {
      ...imageForm,
      config: { invalidInput: { body: 'Invalid product' } },
      schema: { summary: 'Create a product', ...imageFormDoc, body: ProductInput, response: { 201: Product, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await createProduct(deps, request.body, request.formImage, request.user!.id)),
  );

  app.patch(
    '/products/:id',
    {
      ...imageForm,
      config: { invalidInput: { body: 'Invalid product' } },
      schema: { summary: 'Change a product', ...imageFormDoc, params: IdParam, body: ProductUpdateInput, response: productResult },
    },
    async (request) => updateProduct(deps, request.params.id, request.body, request.formImage, request.user!.id),
  );

  app.delete(
    '/products/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete a product',
        description: 'A product that appears in order history is hidden instead (softDeleted).',
        params: IdParam,
        response: { 200: ProductDeleted, ...errorResponses },
      },
    },
    async (request) => {
      const { mode } = await deleteProduct(deps, request.params.id);
      return { id: request.params.id, deleted: true as const, softDeleted: mode === 'soft' };
    },
  );

  app.patch(
    '/products/:id/featured',
    { ...admin, schema: { summary: 'Feature a product on the home page, or stop', params: IdParam, body: FeaturedInput, response: productResult } },
    async (request) => setProductFeatured(db, request.params.id, request.body.isFeatured),
  );

  app.get(
    '/admin/products/:id/document',
    {
      ...admin,
      schema: {
        summary: 'A product as one document: fields, gallery, variants and spec values',
        description: 'What the product editor loads; send it back (each variant with stockWas = its stock as loaded) to save it.',
        params: IdParam,
        response: documentResult,
      },
    },
    async (request) => readProductDocument(db, request.params.id),
  );

  app.put(
    '/admin/products/:id/document',
    {
      ...admin,
      config: documentInput,
      schema: {
        summary: 'Replace a product from a document',
        description:
          'Variants with an id are updated, those without are added, those left out are deleted. A variant whose stockWas no longer matches its stock is a 409 and nothing is saved.',
        params: IdParam,
        body: ProductDocument,
        response: documentResult,
      },
    },
    async (request) => (await saveProductDocument(deps, request.body, { id: request.params.id, source: editedBy(request) })).document,
  );

  app.post(
    '/admin/products/document',
    {
      ...admin,
      config: documentInput,
      schema: { summary: 'Create a product from a document', body: ProductDocument, response: { 201: SavedProductDocument, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send((await saveProductDocument(deps, request.body, { source: editedBy(request) })).document),
  );
};
