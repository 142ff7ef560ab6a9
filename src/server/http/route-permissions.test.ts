import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMay, STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { listOperations, type OpenApiDocument } from './route-fuzz/openapi-operations.ts';
import { ROUTE_PERMISSIONS, routePermission } from './route-permissions.ts';

// Every route the app registers (the OpenAPI document's and any it hides), asked by every role: a route that
// keeps customers out must have an entry in the permission table, and each staff role must be let through
// (any answer but 401/403: the requests carry no valid input) exactly where its role has the entry's permission.

interface Route {
  method: string;
  /** as Fastify registers it: /api/orders/:id */
  url: string;
}

/** The routes printRoutes draws as a tree ("├── /api/orders/:id (GET, HEAD)", children indented under it). */
function registeredRoutes(tree: string): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD' && m !== 'OPTIONS')) {
      routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'x');
const fromDocument = (path: string) => path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
const named = ({ method, url }: Route) => `${method} ${url}`;
// requireAdmin's answer to a customer
const ADMIN_ONLY = 'Admin access required';

let t: TestApp;
let customer: SignedIn;
const staff = {} as Record<StaffRole, SignedIn>;
let routes: Route[];
let documented: Set<string>;
let documentedAdmin: string[];

function ask(route: Route, who?: SignedIn) {
  const request = { method: route.method as 'GET', url: concrete(route.url), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) };
  return who ? who.inject(request) : t.app.inject({ ...request, headers: { origin: 'http://localhost:80' } });
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn();
  for (const role of STAFF_ROLES) staff[role] = await t.signIn({ role });
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  const operations = listOperations(document);
  documented = new Set(operations.map((operation) => `${operation.method} ${fromDocument(operation.path)}`));
  documentedAdmin = operations.filter((operation) => operation.admin).map((operation) => `${operation.method} ${fromDocument(operation.path)}`);
  // the document names each route's parameters; printRoutes adds those it hides (it merges parameter names: :id|:zoneId)
  const shape = (route: Route) => `${route.method} ${route.url.replace(/:[^/]+/g, ':')}`;
  const fromDoc = operations.map((operation) => ({ method: operation.method, url: fromDocument(operation.path) }));
  const inDocument = new Set(fromDoc.map(shape));
  const hidden = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
    (route) => !route.url.startsWith('/api/docs') && !inDocument.has(shape(route)),
  );
  routes = [...fromDoc, ...hidden];
}, 60_000);
afterAll(() => t.close());

describe('the route permission table', () => {
  const adminRoutes: Route[] = [];

  it('names every route that keeps customers out, and every admin route of the OpenAPI document keeps them out', async () => {
    const otherRefusals: string[] = [];
    for (const route of routes) {
      if ((await ask(route)).statusCode !== 401) continue;
      const answer = await ask(route, customer);
      if (answer.statusCode !== 403) continue;
      if ((answer.json() as { message: string }).message === ADMIN_ONLY) adminRoutes.push(route);
      else otherRefusals.push(named(route));
    }
    // routes for every member of the staff, whatever their role: they keep customers out in words of their own
    expect(otherRefusals).toEqual(['POST /api/account/two-factor/setup']);
    const guarded = new Set(adminRoutes.map(named));
    expect(adminRoutes.length).toBeGreaterThan(60);
    expect(
      documentedAdmin.filter((route) => !guarded.has(route)),
      'admin routes customers can use',
    ).toEqual([]);
    expect(adminRoutes.filter((route) => !routePermission(route.method, route.url)).map(named), 'admin routes missing from route-permissions.ts').toEqual([]);
    // hidden from the document is no way around the table
    expect(adminRoutes.filter((route) => !documented.has(named(route))).map(named)).toEqual([]);
  });

  it.each(STAFF_ROLES)('lets %s through exactly where its role has the permission', async (role) => {
    expect(adminRoutes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const permission = routePermission(route.method, route.url)!;
      const answer = await ask(route, staff[role]);
      const allowed = roleMay(role, permission);
      const refused = answer.statusCode === 403 || answer.statusCode === 401;
      if (allowed === refused) wrong.push(`${named(route)} (${permission}): ${answer.statusCode} ${answer.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses in words that name the role and what it may not do', async () => {
    const refund = await staff.fulfilment.inject({ method: 'POST', url: '/api/orders/1/refunds', payload: {} });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toEqual({ message: 'Fulfilment staff may not refund orders' });
    const product = await staff.support.inject({ method: 'POST', url: '/api/products', payload: {} });
    expect(product.json()).toEqual({ message: 'Support staff may not change the catalogue' });
    const customers = await customer.inject({ method: 'GET', url: '/api/users' });
    expect(customers.statusCode).toBe(403);
  });

  // what the issue asks of each role, written out apart from the table, so a wrong entry there fails here
  it.each([
    ['fulfilment', 'POST', '/api/orders/1/refunds', false],
    ['fulfilment', 'PATCH', '/api/orders/1/status', true],
    ['fulfilment', 'POST', '/api/returns/1/receive', true],
    ['fulfilment', 'POST', '/api/returns/1/refund', false],
    ['fulfilment', 'PATCH', '/api/products/1', false],
    ['fulfilment', 'GET', '/api/users', false],
    ['support', 'GET', '/api/orders/active', true],
    ['support', 'GET', '/api/users', true],
    ['support', 'POST', '/api/orders/1/refunds', true],
    ['support', 'PATCH', '/api/orders/1/status', false],
    ['support', 'POST', '/api/coupons', false],
    ['manager', 'PATCH', '/api/products/1', true],
    ['manager', 'POST', '/api/coupons', true],
    ['manager', 'GET', '/api/users', true],
    ['manager', 'PATCH', '/api/users/1/admin', false],
    ['manager', 'POST', '/api/site-settings', false],
    ['manager', 'GET', '/api/stripe-mode-check', false],
    ['manager', 'PUT', '/api/admin/security', false],
    ['owner', 'PUT', '/api/admin/security', true],
    ['owner', 'POST', '/api/admin/staff/invitations', true],
  ] as const)('%s: %s %s allowed: %s', async (role, method, url, allowed) => {
    const answer = await staff[role].inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(answer.statusCode === 403, answer.body).toBe(!allowed);
  });

  it('keeps no entry that matches no route (a renamed route would leave its rule behind)', () => {
    const stale = ROUTE_PERMISSIONS.filter(([, url]) => !url.endsWith('/*'))
      .filter(([method, url]) => !routes.some((route) => route.url === url && (method === '*' || route.method === method)))
      .map(([method, url]) => `${method} ${url}`);
    expect(stale).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });
});
