import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributeInput,
  AttributeUpdateInput,
  OrderInput,
  ProductTypeCatalog,
  ProductTypeInput,
  TypeOptionsInput,
} from '#common/schemas/admin-product-types.ts';
import { AdminProductListQuery, AdminProductRow, UploadedImage, UploadImageFields } from '#common/schemas/admin-product-list.ts';
import { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { Deleted } from '#common/schemas/admin-results.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { badRequest } from '#server/http/errors.ts';
import { acceptMultipartForms, readsImageForm } from '#server/http/multipart-form.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { pagedList, sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { storeImage } from '#server/modules/media/media-service.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { listAdminProducts } from './product-admin-list.ts';
import { deleteProductType } from './product-type-delete.ts';
import {
  addAttribute,
  createOptionType,
  createProductType,
  deleteAttribute,
  listProductTypeCatalog,
  renameProductType,
  reorderAttributes,
  reorderProductTypes,
  setTypeOptions,
  updateAttribute,
} from './product-type-admin-service.ts';
import { admin, catalogResult, invalid } from './product-type-route-options.ts';

const attributeResult = { 200: AttributeDefinition, ...errorResponses };

/** The owner's product types, spec sheets and axes; the admin products list; gallery uploads. */
export const productTypeAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogAdminDeps, 'db' | 'images' | 'catalogReferences'>> = async (
  app,
  { db, images, catalogReferences },
) => {
  sendNoStore(app);
  await acceptMultipartForms(app);
  const catalog = () => listProductTypeCatalog(db);

  app.get(
    '/admin/product-types',
    { ...admin, schema: { summary: 'Every product type with its spec sheet and axes, and every axis with its values', response: catalogResult } },
    catalog,
  );

  app.post(
    '/admin/product-types',
    {
      ...admin,
      ...invalid('Invalid product type'),
      schema: { summary: 'Add a product type', body: ProductTypeInput, response: { 201: ProductTypeCatalog, ...errorResponses } },
    },
    async (request, reply) => {
      await createProductType(db, request.body.name);
      return reply.status(201).send(await catalog());
    },
  );

  app.patch(
    '/admin/product-types/:id',
    {
      ...admin,
      ...invalid('Invalid product type'),
      schema: { summary: 'Rename a product type', params: IdParam, body: ProductTypeInput, response: catalogResult },
    },
    async (request) => {
      await renameProductType(db, request.params.id, request.body.name);
      return catalog();
    },
  );

  app.delete(
    '/admin/product-types/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete a product type no product uses, with its spec sheet',
        description:
          'A type of products on sale, or the one the paddle finder recommends, is refused with 409 saying where (up to 5 products named, and the count). ' +
          'Deleted products kept for order history move to the first type left; the last type cannot go.',
        params: IdParam,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await deleteProductType(db, catalogReferences, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.put(
    '/admin/product-types/order',
    { ...admin, ...invalid('Invalid order'), schema: { summary: 'Reorder the product types', body: OrderInput, response: catalogResult } },
    async (request) => {
      await reorderProductTypes(db, request.body.ids);
      return catalog();
    },
  );

  app.put(
    '/admin/product-types/:id/options',
    {
      ...admin,
      ...invalid('Invalid option axes'),
      schema: {
        summary: "Choose a type's variant axes (at most 3, in order)",
        description: 'An axis the variants of some product of this type use cannot be taken away (409 naming them).',
        params: IdParam,
        body: TypeOptionsInput,
        response: catalogResult,
      },
    },
    async (request) => {
      await setTypeOptions(db, request.params.id, request.body.optionTypeIds);
      return catalog();
    },
  );

  app.post(
    '/admin/option-types',
    {
      ...admin,
      ...invalid('Invalid option axis'),
      schema: { summary: 'Add a variant axis', body: ProductTypeInput, response: { 201: ProductTypeCatalog, ...errorResponses } },
    },
    async (request, reply) => {
      await createOptionType(db, request.body.name);
      return reply.status(201).send(await catalog());
    },
  );

  app.post(
    '/admin/product-types/:id/attributes',
    {
      ...admin,
      ...invalid('Invalid attribute'),
      schema: {
        summary: "Add a field to a type's spec sheet",
        params: IdParam,
        body: AttributeInput,
        response: { 201: AttributeDefinition, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await addAttribute(db, request.params.id, request.body)),
  );

  app.put(
    '/admin/product-types/:id/attributes/order',
    { ...admin, ...invalid('Invalid order'), schema: { summary: "Reorder a type's spec sheet", params: IdParam, body: OrderInput, response: catalogResult } },
    async (request) => {
      await reorderAttributes(db, request.params.id, request.body.ids);
      return catalog();
    },
  );

  app.patch(
    '/admin/attributes/:id',
    {
      ...admin,
      ...invalid('Invalid attribute'),
      schema: {
        summary: 'Change a spec sheet field',
        description: 'Its kind and unit are fixed, and its choices stay, while products hold values in them (409 naming them).',
        params: IdParam,
        body: AttributeUpdateInput,
        response: attributeResult,
      },
    },
    async (request) => updateAttribute(db, request.params.id, request.body),
  );

  app.delete(
    '/admin/attributes/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete a spec sheet field no product uses',
        description: 'A field set on products, or used by the paddle finder, is refused with 409 naming them.',
        params: IdParam,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await deleteAttribute(db, catalogReferences, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    '/admin/products',
    {
      ...admin,
      config: pagedList.config,
      schema: {
        summary: 'One page of products, newest first, by name or SKU, type, brand, stock and featured',
        description: pagedList.description,
        querystring: AdminProductListQuery,
        response: { 200: z.array(AdminProductRow), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(request, reply, await listAdminProducts(db, request.query), request.query),
  );

  app.post(
    '/admin/images',
    {
      ...admin,
      preValidation: readsImageForm('image'),
      schema: {
        summary: 'Store an image for a product gallery',
        description: 'A multipart form with one `image` (at most 5 MB, checked by content, stored as WebP). Answers its URL for a product document.',
        consumes: ['multipart/form-data'],
        body: UploadImageFields,
        response: { 201: UploadedImage, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.formImage) throw badRequest('Choose an image to upload', [{ path: 'image', message: 'Choose an image to upload' }]);
      const url = await storeImage(images, request.formImage, request.body.name || 'product-image');
      return reply.status(201).send({ url });
    },
  );
};
