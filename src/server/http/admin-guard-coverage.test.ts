import Fastify, { type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAdminRoutes } from '#server/modules/accounts/user-admin-routes.ts';
import { catalogAdminRoutes } from '#server/modules/catalog-admin/admin-routes.ts';
import { contentAdminRoutes } from '#server/modules/content/admin-routes.ts';
import { couponAdminRoutes } from '#server/modules/coupons/admin-routes.ts';
import { imageManagerRoutes } from '#server/modules/image-manager/routes.ts';
import { outboxAdminRoutes } from '#server/modules/mail/outbox-admin-routes.ts';
import { orderAdminRoutes } from '#server/modules/orders/admin-routes.ts';
import type { AppDeps, AppServices } from '#server/services.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { requireAdmin } from './auth.ts';
import { installRouteSchemas } from './route-schemas.ts';

// A new route in an admin plugin cannot ship without the guard: this looks at every route
// the plugins declare, where the per-module tests only exercise the ones they list. Each is handed
// every service, a superset of what it declares it needs.
const adminPlugins: Record<string, FastifyPluginAsync<AppDeps & AppServices>> = {
  catalogAdminRoutes,
  contentAdminRoutes,
  couponAdminRoutes,
  userAdminRoutes,
  orderAdminRoutes,
  imageManagerRoutes,
  outboxAdminRoutes,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin plugins', () => {
  it.each(Object.entries(adminPlugins))('%s guards every route with onRequest: requireAdmin', async (_name, plugin) => {
    const app = Fastify();
    installRouteSchemas(app);
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void routes.push(route));
    await app.register(plugin, { config: t.config, db: t.db, database: t.database, images: t.images, ...t.services });
    await app.ready();
    const declared = routes.filter((route) => route.method !== 'HEAD');
    expect(declared.length).toBeGreaterThan(0);
    for (const route of declared) {
      const hooks = [route.onRequest ?? []].flat();
      expect(hooks, `${String(route.method)} ${route.url}`).toContain(requireAdmin);
    }
    await app.close();
  });
});
