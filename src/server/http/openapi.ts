import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import { Brand, Product } from '#common/schemas/catalog.ts';
import { OrderView } from '#common/schemas/orders.ts';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

const OPENAPI_PATH = '/api/openapi.json';
const API_REFERENCE_PATH = '/api/docs';

/**
 * The OpenAPI document is generated from the same zod schemas that validate each route, so it cannot
 * drift from what the server accepts. Registered before the routes: it collects them as they are added.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  // the payloads many routes share are named once in the document instead of spelled out at each use
  const named = z.registry<{ id: string }>();
  for (const [schema, id] of [
    [Product, 'Product'],
    [Brand, 'Brand'],
    [OrderView, 'Order'],
    [AdminCoupon, 'Coupon'],
    [ApiErrorBody, 'Error'],
  ] as const) {
    named.add(schema, { id });
  }
  const zodToJsonConfig = { unrepresentable: 'any' } as const;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pickleball shop API',
        version,
        description:
          'The storefront, checkout and admin API of the shop. Errors answer `{ message, issues? }`; admin routes need a signed-in admin session cookie.',
      },
    },
    // zod's preprocess steps (numbers sent as text) have no JSON Schema form: they are documented as their target type
    transform: createJsonSchemaTransform({ skipList: [], schemaRegistry: named, zodToJsonConfig }),
    transformObject: withoutUnusedSchemas(createJsonSchemaTransformObject({ schemaRegistry: named, zodToJsonConfig })),
  });
  // sections open on a click: Swagger UI 5 (swagger-ui 6.1.3) drew nothing past the first sections once
  // the reference passed about 130 operations with every section open at once
  await app.register(swaggerUi, { routePrefix: API_REFERENCE_PATH, uiConfig: { url: OPENAPI_PATH, docExpansion: 'none', deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

type TransformObject = ReturnType<typeof createJsonSchemaTransformObject>;

/** Each named schema also gets an input twin ("ProductInput"); only the ones a route refers to stay. */
function withoutUnusedSchemas(transform: TransformObject): TransformObject {
  return (document) => {
    const result = transform(document);
    const schemas = 'components' in result ? result.components?.schemas : undefined;
    const paths = JSON.stringify(result.paths ?? {});
    for (const name of Object.keys(schemas ?? {})) {
      if (!paths.includes(`"#/components/schemas/${name}"`)) delete schemas![name];
    }
    return result;
  };
}
