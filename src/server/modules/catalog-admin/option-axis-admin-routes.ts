import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OptionValueInput, OrderInput, ProductTypeInput } from '#common/schemas/admin-product-types.ts';
import { Deleted } from '#common/schemas/admin-results.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { deleteOptionType, deleteOptionValue, renameOptionType, renameOptionValue, reorderOptionValues } from './option-axis-admin-service.ts';
import { listProductTypeCatalog } from './product-type-admin-service.ts';
import { admin, catalogResult, invalid } from './product-type-route-options.ts';

const deletedResult = { 200: Deleted, ...errorResponses };

/** The owner's variant axes and their shared values: rename, reorder, delete what nothing uses. */
export const optionAxisAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogAdminDeps, 'db' | 'catalogReferences'>> = async (app, { db, catalogReferences }) => {
  sendNoStore(app);
  const catalog = () => listProductTypeCatalog(db);

  app.patch(
    '/admin/option-types/:id',
    {
      ...admin,
      ...invalid('Invalid option axis'),
      schema: {
        summary: 'Rename a variant axis',
        description: 'Its key, which shop addresses, documents and the CSV use, stays.',
        params: IdParam,
        body: ProductTypeInput,
        response: catalogResult,
      },
    },
    async (request) => {
      await renameOptionType(db, request.params.id, request.body.name);
      return catalog();
    },
  );

  app.delete(
    '/admin/option-types/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete a variant axis nothing uses, with its values',
        description: 'An axis of a product type, of variants on sale, or in the paddle finder rules is refused with 409 saying where.',
        params: IdParam,
        response: deletedResult,
      },
    },
    async (request) => {
      await deleteOptionType(db, catalogReferences, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.put(
    '/admin/option-types/:id/values/order',
    {
      ...admin,
      ...invalid('Invalid order'),
      schema: {
        summary: "Reorder an axis' values",
        description: 'The order shop pickers, facets and the variant matrix show them in; the list must name every value of the axis once.',
        params: IdParam,
        body: OrderInput,
        response: catalogResult,
      },
    },
    async (request) => {
      await reorderOptionValues(db, request.params.id, request.body.ids);
      return catalog();
    },
  );

  app.patch(
    '/admin/option-values/:id',
    {
      ...admin,
      ...invalid('Invalid option value'),
      schema: {
        summary: 'Rename a shared option value',
        description:
          'Shows on every product selling it; orders keep the label they were sold with. A label another value of the axis has is 409 naming it. ' +
          'Paddle finder rules naming the old label are kept with the new one.',
        params: IdParam,
        body: OptionValueInput,
        response: catalogResult,
      },
    },
    async (request) => {
      await renameOptionValue(db, catalogReferences, request.params.id, request.body.label);
      return catalog();
    },
  );

  app.delete(
    '/admin/option-values/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete an option value no product on sale uses',
        description: 'A value sold by variants on sale, or in the paddle finder rules, is refused with 409 naming the products.',
        params: IdParam,
        response: deletedResult,
      },
    },
    async (request) => {
      await deleteOptionValue(db, catalogReferences, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
};
