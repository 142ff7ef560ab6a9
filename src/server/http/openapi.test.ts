import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t.close());

/** Every method and path Fastify routes, read from its route tree (HEAD and the reference page's own files left out). */
function routedOperations(tree: string): string[] {
  const operations: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    // each level of the tree is indented 4 more characters and adds its segment to its parent's path
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && !path.startsWith('/api/docs') && path !== '/api/openapi.json') operations.push(`${method} ${path}`);
    }
  }
  return operations;
}

const documented = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+|\*)\}/g, (_, name: string) => (name === '*' ? '*' : `:${name}`))}`),
  );

describe('GET /api/openapi.json', () => {
  it('lists every route the server answers', () => {
    // for operators, not API clients: the Prometheus scrape (its own token, text format) and the embedded
    // database's backup hand-off to `npm run backup` on the same machine (decision 055)
    const operational = ['GET /metrics', 'GET /_ops/backup'];
    const routed = routedOperations(t.app.printRoutes()).filter((operation) => !operational.includes(operation));
    expect(routed.length).toBeGreaterThan(50);
    expect(documented(doc).sort()).toEqual(routed.sort());
  });

  it('gives every operation its response schema, and every write its request body', () => {
    // images, pages and crawler files: nothing JSON to describe
    // not JSON: uploaded files, the files for search engines, the alert confirmation link (a redirect to the
    // product) and the unsubscribe page (HTML for any mail client)
    const notJson = [
      '/uploads/{*}',
      '/sitemap.xml',
      '/robots.txt',
      '/logo.svg',
      '/api/stock-alerts/confirm',
      // the product feed (XML), the icons, and the newsletter's confirmation page (HTML for any mail client)
      '/feeds/google.xml',
      '/favicon.svg',
      '/favicon-32x32.png',
      '/apple-touch-icon.png',
      '/api/newsletter/confirm',
    ];
    const unsubscribePages = ['GET /api/stock-alerts/unsubscribe', 'GET /api/newsletter/unsubscribe', 'GET /api/checkout-recovery/unsubscribe'];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
        // 204 No Content (deleting a saved address) has no body to describe
        if (!notJson.includes(path) && !unsubscribePages.includes(where) && success?.[0] !== '204')
          expect(success?.[1].content?.['application/json']?.schema, where).toBeDefined();
        // the signed token or the id in the address is the whole request
        const withoutBody = [
          '/api/logout',
          '/api/stripe/webhook',
          // the carrier's signed event is read from the raw body, as Stripe's (decision 057)
          '/api/carrier/webhook',
          '/api/admin/emails/{id}/retry',
          '/api/admin/open-holds/{id}/release',
          '/api/stock-alerts/unsubscribe',
          '/api/newsletter/unsubscribe',
          '/api/checkout-recovery/unsubscribe',
          // the session is the whole request: start two-factor set-up, end the account's other sessions
          '/api/account/two-factor/setup',
          '/api/account/sessions/end-others',
          // the order and the parcel in the address are the whole request: delivered, or a pickup order ready (decision 050)
          '/api/orders/{id}/shipments/{shipmentId}/delivered',
          '/api/orders/{id}/shipments/pickup',
          // the variant in the address is the whole request: keep it on the signed-in shopper's wishlist (decision 062)
          '/api/wishlist/{variantId}',
        ];
        const takesNoBody = withoutBody.includes(path) || method === 'get' || method === 'delete';
        if (!takesNoBody) expect(operation.requestBody, where).toBeDefined();
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          expect(
            operation.parameters?.some((parameter) => parameter.in === 'path' && `{${parameter.name}}` === name),
            `${where} ${name}`,
          ).toBe(true);
        }
      }
    }
  });

  it('describes inputs by the same rules the server enforces', () => {
    const checkout = doc.paths['/api/create-payment-intent']!.post!;
    expect(JSON.stringify(checkout.requestBody)).toContain('"maxItems":50');
    expect(doc.paths['/api/products']!.get!.parameters?.map((parameter) => parameter.name)).toEqual(['brandId', 'search', 'ids', 'page', 'pageSize']);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Brand', 'Coupon', 'Error', 'Order', 'Product']);
  });

  it('serves a reference page for it', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('/api/openapi.json');
  });
});
