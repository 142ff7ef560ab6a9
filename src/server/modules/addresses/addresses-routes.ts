import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SaveAddressInput, SavedAddressList, SavedAddressResult, UpdateAddressInput } from '#common/schemas/addresses.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireUser } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { AddressesDeps } from './addresses-deps.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './addresses-service.ts';

/** The signed-in customer's address book; another customer's address answers 404, as a missing one. */
export const addressRoutes: FastifyPluginAsyncZod<AddressesDeps> = async (app, { db }) => {
  // a customer's addresses are theirs alone: no shared or disk cache keeps them
  sendNoStore(app);
  // the form shows the first issue beside its field, in its own words
  const forms = { invalidInput: 'first-issue' as const };

  app.get(
    '/account/addresses',
    {
      onRequest: requireUser,
      schema: { summary: 'Your saved addresses: the default first, then the newest', response: { 200: SavedAddressList, ...errorResponses } },
    },
    async (request) => ({ addresses: await listAddresses(db, request.user!.id) }),
  );

  app.post(
    '/account/addresses',
    {
      onRequest: requireUser,
      config: forms,
      schema: {
        summary: 'Save an address (one already saved answers 200 with it, not a second copy; at most 20)',
        body: SaveAddressInput,
        response: { 200: SavedAddressResult, 201: SavedAddressResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { address, created } = await addAddress(db, request.user!.id, request.body);
      return reply.status(created ? 201 : 200).send({ address });
    },
  );

  app.patch(
    '/account/addresses/:id',
    {
      onRequest: requireUser,
      config: forms,
      schema: {
        summary: 'Change a saved address (only the fields sent; isDefaultShipping true makes it the default)',
        params: IdParam,
        body: UpdateAddressInput,
        response: { 200: SavedAddressResult, ...errorResponses },
      },
    },
    async (request) => ({ address: await updateAddress(db, request.user!.id, request.params.id, request.body) }),
  );

  app.delete(
    '/account/addresses/:id',
    {
      onRequest: requireUser,
      schema: { summary: 'Remove a saved address', params: IdParam, response: { 204: z.null().describe('No content'), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteAddress(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
