import type { Permission } from '#common/staff-roles.ts';

/**
 * The one table of admin routes and the permission each needs (decision 052). requireAdmin reads it for every
 * route it guards; a route it does not name is refused to everyone. Routes are written as Fastify registers them
 * (`/api/orders/:id`); a prefix rule (ending in `/*`) covers the route before it and all below it, an area whose
 * routes all need one permission, so routes added there later are covered too. An exact entry wins over a prefix.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | '*';
type Rule = readonly [method: Method, route: string, permission: Permission];

export const ROUTE_PERMISSIONS: readonly Rule[] = [
  // catalogue
  ['POST', '/api/brands', 'catalog.manage'],
  ['PATCH', '/api/brands/:id', 'catalog.manage'],
  ['DELETE', '/api/brands/:id', 'catalog.manage'],
  ['PATCH', '/api/brands/:id/featured', 'catalog.manage'],
  ['POST', '/api/products', 'catalog.manage'],
  ['PATCH', '/api/products/:id', 'catalog.manage'],
  ['DELETE', '/api/products/:id', 'catalog.manage'],
  ['PATCH', '/api/products/:id/featured', 'catalog.manage'],
  ['*', '/api/admin/products/*', 'catalog.manage'],
  ['*', '/api/admin/product-types/*', 'catalog.manage'],
  ['*', '/api/admin/option-types/*', 'catalog.manage'],
  ['*', '/api/admin/option-values/*', 'catalog.manage'],
  ['*', '/api/admin/attributes/*', 'catalog.manage'],
  ['POST', '/api/admin/images', 'catalog.manage'],
  ['GET', '/api/admin/variants/:id/stock-history', 'catalog.manage'],
  ['GET', '/api/admin/stock-alerts', 'catalog.manage'],
  ['*', '/api/image-manager/*', 'catalog.manage'],
  ['*', '/api/admin/reviews/*', 'catalog.manage'],
  ['*', '/api/admin/review-settings', 'catalog.manage'],
  ['*', '/api/admin/paddle-finder', 'catalog.manage'],
  ['*', '/api/admin/search/*', 'catalog.manage'],
  ['*', '/api/admin/home/*', 'catalog.manage'],
  // orders: reading, getting them out, and the steps that move money
  ['GET', '/api/orders/active', 'orders.view'],
  ['GET', '/api/orders/archived', 'orders.view'],
  ['GET', '/api/orders/:id', 'orders.view'],
  ['GET', '/api/orders/:id/returns', 'orders.view'],
  ['POST', '/api/orders/:id/notes', 'orders.fulfil'],
  ['PATCH', '/api/orders/:id/status', 'orders.fulfil'],
  ['POST', '/api/orders/:id/ship', 'orders.fulfil'],
  ['PATCH', '/api/orders/:id/tracking', 'orders.fulfil'],
  ['PATCH', '/api/orders/:id/archive', 'orders.fulfil'],
  ['*', '/api/orders/:id/shipments/*', 'orders.fulfil'],
  ['GET', '/api/admin/orders/print', 'orders.view'],
  ['POST', '/api/orders/:id/refunds', 'refunds.create'],
  ['GET', '/api/admin/open-holds', 'orders.view'],
  ['POST', '/api/admin/open-holds/:id/release', 'orders.cancel'],
  ['POST', '/api/returns/:id/receive', 'returns.receive'],
  ['POST', '/api/returns/:id/approve', 'returns.manage'],
  ['POST', '/api/returns/:id/reject', 'returns.manage'],
  ['POST', '/api/returns/:id/refund', 'returns.manage'],
  ['POST', '/api/returns/:id/credit', 'returns.manage'],
  // customers and staff
  ['GET', '/api/users', 'customers.view'],
  ['GET', '/api/users/emails', 'customers.view'],
  ['GET', '/api/users/customers.csv', 'customers.view'],
  ['GET', '/api/admin/newsletter/*', 'customers.view'],
  ['*', '/api/admin/newsletter/*', 'settings.manage'],
  ['PATCH', '/api/users/:id/admin', 'staff.manage'],
  ['*', '/api/admin/staff/*', 'staff.manage'],
  ['*', '/api/admin/security', 'staff.manage'],
  ['*', '/api/coupons/*', 'coupons.manage'],
  ['*', '/api/admin/gift-cards/*', 'coupons.manage'],
  ['*', '/api/admin/reports/*', 'reports.view'],
  ['GET', '/api/admin/search/terms', 'reports.view'],
  // the shop's settings, texts and e-mail
  ['POST', '/api/site-settings', 'settings.manage'],
  ['POST', '/api/contact-info', 'settings.manage'],
  ['POST', '/api/policies', 'settings.manage'],
  ['PUT', '/api/return-policy', 'settings.manage'],
  ['*', '/api/admin/shipping/*', 'settings.manage'],
  ['*', '/api/admin/emails/*', 'settings.manage'],
  ['*', '/api/admin/audit/*', 'audit.view'],
  // payment provider checks and tests
  ['GET', '/api/stripe-mode-check', 'payments.manage'],
  ['GET', '/api/stripe-webhook-check', 'payments.manage'],
  ['POST', '/api/test-payment-flow', 'payments.manage'],
  ['POST', '/api/test-order-email', 'payments.manage'],
  ['GET', '/api/order-confirmation-test/paid-order', 'payments.manage'],
];

/** How a refusal names what the role may not do: "Fulfilment staff may not refund orders". */
export const PERMISSION_REFUSALS: Readonly<Record<Permission, string>> = {
  'catalog.manage': 'change the catalogue',
  'orders.view': 'read orders',
  'orders.fulfil': 'work on orders',
  'orders.cancel': 'cancel orders',
  'refunds.create': 'refund orders',
  'returns.receive': 'receive returns',
  'returns.manage': 'decide, refund or credit returns',
  'customers.view': 'read customers',
  'coupons.manage': 'manage coupons',
  'reports.view': 'read reports',
  'settings.manage': 'change the shop settings',
  'payments.manage': 'use the payment settings and tests',
  'staff.manage': 'manage staff and user rights',
  'audit.view': 'read the audit trail',
};

const methodMatches = (rule: Method, method: string) => rule === '*' || rule === method || (rule === 'GET' && method === 'HEAD');

/**
 * The permission a route needs, or undefined when the table has none. The exact route first (its own method,
 * then any method), then the longest prefix whose method matches.
 */
export function routePermission(method: string, route: string): Permission | undefined {
  const exact = ROUTE_PERMISSIONS.filter(([ruleMethod, ruleRoute]) => ruleRoute === route && methodMatches(ruleMethod, method));
  const exactHit = exact.find(([ruleMethod]) => ruleMethod !== '*') ?? exact[0];
  if (exactHit) return exactHit[2];
  let best: Rule | undefined;
  for (const rule of ROUTE_PERMISSIONS) {
    const [ruleMethod, ruleRoute] = rule;
    if (!ruleRoute.endsWith('/*') || !methodMatches(ruleMethod, method)) continue;
    const root = ruleRoute.slice(0, -2);
    if (route !== root && !route.startsWith(`${root}/`)) continue;
    const longer = !best || ruleRoute.length > best[1].length;
    const sameButSpecific = best && ruleRoute.length === best[1].length && best[0] === '*' && ruleMethod !== '*';
    if (longer || sameButSpecific) best = rule;
  }
  return best?.[2];
}
