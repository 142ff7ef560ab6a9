import type { Permission } from '#common/staff-roles.ts';

/**
 * The permission each admin tab needs to be shown (decision 052), as the server's route table asks it of the
 * tab's routes. A tab missing here is the owner's alone.
 */
const TAB_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'site-settings': 'settings.manage',
  brands: 'catalog.manage',
  products: 'catalog.manage',
  'image-manager': 'catalog.manage',
  orders: 'orders.view',
  'payment-settings': 'payments.manage',
  contact: 'settings.manage',
  coupons: 'coupons.manage',
  policies: 'settings.manage',
  users: 'customers.view',
  staff: 'staff.manage',
  reports: 'reports.view',
  shipping: 'settings.manage',
  audit: 'audit.view',
  emails: 'settings.manage',
};

export const tabPermission = (tab: string): Permission => TAB_PERMISSIONS[tab] ?? 'staff.manage';
