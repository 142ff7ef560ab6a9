import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Deleted } from '#common/schemas/admin-results.ts';
import {
  ShippingBoxInput,
  ShippingBoxList,
  ShippingBoxView,
  ShippingMethodInput,
  ShippingMethodView,
  ShippingProfileView,
  ShippingSettingsInput,
  ShippingZoneInput,
} from '#common/schemas/shipping.ts';
import { positiveId } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { ShippingDeps } from './shipping-deps.ts';
import {
  createShippingMethod,
  createShippingZone,
  deleteShippingMethod,
  deleteShippingZone,
  loadShippingProfile,
  saveShippingSettings,
  updateShippingMethod,
  updateShippingZone,
} from './shipping-admin-service.ts';
import { createShippingBox, deleteShippingBox, listShippingBoxes, updateShippingBox } from './shipping-boxes.ts';

const ZoneParam = z.object({ zoneId: positiveId('Zone id must be a positive integer') });
const MethodParams = ZoneParam.extend({ id: positiveId('Method id must be a positive integer') });
const ZoneCreated = z.object({ id: z.number().int() });
const BoxParam = z.object({ id: positiveId('Box id must be a positive integer') });

const invalidZone = { invalidInput: { body: 'Invalid shipping zone' } };
const invalidMethod = { invalidInput: { body: 'Invalid shipping method' } };
const invalidBox = { invalidInput: { body: 'Invalid box' } };

/** The Shipping tab: zones, their methods and rate rules, the shop's time zone (docs/decisions/049); admins only. */
export const shippingAdminRoutes: FastifyPluginAsyncZod<ShippingDeps> = async (app, { db }) => {
  sendNoStore(app);
  const admin = { onRequest: requireAdmin };

  app.get(
    '/admin/shipping',
    { ...admin, schema: { summary: 'The shipping zones with their methods, and the time zone', response: { 200: ShippingProfileView, ...errorResponses } } },
    async () => loadShippingProfile(db),
  );

  app.put(
    '/admin/shipping/settings',
    {
      ...admin,
      config: { invalidInput: { body: 'Invalid shipping settings' } },
      schema: { summary: "The shop's time zone for cut-off times", body: ShippingSettingsInput, response: { 200: ShippingSettingsInput, ...errorResponses } },
    },
    async (request) => saveShippingSettings(db, request.body),
  );

  app.post(
    '/admin/shipping/zones',
    {
      ...admin,
      config: invalidZone,
      schema: { summary: 'Create a shipping zone', body: ShippingZoneInput, response: { 201: ZoneCreated, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await createShippingZone(db, request.body)),
  );

  app.put(
    '/admin/shipping/zones/:zoneId',
    {
      ...admin,
      config: invalidZone,
      schema: { summary: "Change a zone's name and regions", params: ZoneParam, body: ShippingZoneInput, response: { 200: ZoneCreated, ...errorResponses } },
    },
    async (request) => updateShippingZone(db, request.params.zoneId, request.body),
  );

  app.delete(
    '/admin/shipping/zones/:zoneId',
    { ...admin, schema: { summary: 'Delete a zone and its methods', params: ZoneParam, response: { 200: Deleted, ...errorResponses } } },
    async (request) => {
      await deleteShippingZone(db, request.params.zoneId);
      return { id: request.params.zoneId, deleted: true as const };
    },
  );

  app.post(
    '/admin/shipping/zones/:zoneId/methods',
    {
      ...admin,
      config: invalidMethod,
      schema: { summary: 'Add a method to a zone', params: ZoneParam, body: ShippingMethodInput, response: { 201: ShippingMethodView, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await createShippingMethod(db, request.params.zoneId, request.body)),
  );

  app.put(
    '/admin/shipping/zones/:zoneId/methods/:id',
    {
      ...admin,
      config: invalidMethod,
      schema: {
        summary: 'Change a method and its rate rule',
        params: MethodParams,
        body: ShippingMethodInput,
        response: { 200: ShippingMethodView, ...errorResponses },
      },
    },
    async (request) => updateShippingMethod(db, request.params.zoneId, request.params.id, request.body),
  );

  app.delete(
    '/admin/shipping/zones/:zoneId/methods/:id',
    { ...admin, schema: { summary: 'Delete a method', params: MethodParams, response: { 200: Deleted, ...errorResponses } } },
    async (request) => {
      await deleteShippingMethod(db, request.params.zoneId, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    '/admin/shipping/boxes',
    { ...admin, schema: { summary: "The owner's boxes, smallest inside first", response: { 200: ShippingBoxList, ...errorResponses } } },
    async () => ({ boxes: await listShippingBoxes(db) }),
  );

  app.post(
    '/admin/shipping/boxes',
    {
      ...admin,
      config: invalidBox,
      schema: {
        summary: 'Add a box: inside length, width and height in mm, its own weight in grams',
        body: ShippingBoxInput,
        response: { 201: ShippingBoxView, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createShippingBox(db, request.body)),
  );

  app.put(
    '/admin/shipping/boxes/:id',
    {
      ...admin,
      config: invalidBox,
      schema: { summary: 'Change a box', params: BoxParam, body: ShippingBoxInput, response: { 200: ShippingBoxView, ...errorResponses } },
    },
    async (request) => updateShippingBox(db, request.params.id, request.body),
  );

  app.delete(
    '/admin/shipping/boxes/:id',
    { ...admin, schema: { summary: 'Delete a box', params: BoxParam, response: { 200: Deleted, ...errorResponses } } },
    async (request) => {
      await deleteShippingBox(db, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
};
