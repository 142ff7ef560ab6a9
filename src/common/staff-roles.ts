/**
 * Staff roles and what each may do (decision 052). The server enforces them through one table of admin
 * routes (src/server/http/route-permissions.ts); the admin pages read the same lists to hide what a
 * role may not use.
 */
export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  // brands, products, types, images, reviews, the paddle finder, stock history and demand
  'catalog.manage',
  'orders.view',
  // status, shipping, tracking, notes, archive: the work of getting an order out
  'orders.fulfil',
  // cancelling an order, which refunds it when paid, and releasing unpaid checkouts
  'orders.cancel',
  // refunds of orders; support's up to the owner's limit
  'refunds.create',
  'returns.receive',
  // approving, declining, refunding and crediting returns
  'returns.manage',
  'customers.view',
  'coupons.manage',
  'reports.view',
  // the shop's texts, policies, contact, shipping and e-mail outbox
  'settings.manage',
  // payment provider checks and tests
  'payments.manage',
  // users' rights, staff, invitations, sign-in rules
  'staff.manage',
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: [
    'catalog.manage',
    'orders.view',
    'orders.fulfil',
    'orders.cancel',
    'refunds.create',
    'returns.receive',
    'returns.manage',
    'customers.view',
    'coupons.manage',
    'reports.view',
  ],
  fulfilment: ['orders.view', 'orders.fulfil', 'returns.receive'],
  support: ['orders.view', 'customers.view', 'refunds.create'],
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
};

export const roleMay = (role: StaffRole | null | undefined, permission: Permission): boolean => role != null && ROLE_PERMISSIONS[role].includes(permission);
