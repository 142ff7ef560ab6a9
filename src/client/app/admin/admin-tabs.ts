// The dashboard's tabs in this order; "emails" (the outbox) comes last.
export const ADMIN_TABS = [
  { value: 'site-settings', label: 'Site Settings' },
  { value: 'brands', label: 'Brands' },
  { value: 'products', label: 'Products' },
  { value: 'image-manager', label: 'Image Manager' },
  { value: 'orders', label: 'Orders' },
  { value: 'payment-settings', label: 'Payment Settings' },
  { value: 'contact', label: 'Contact' },
  { value: 'coupons', label: 'Coupons' },
  { value: 'shipping', label: 'Shipping' },
  { value: 'policies', label: 'Policies' },
  { value: 'users', label: 'Users' },
  { value: 'staff', label: 'Staff' },
  { value: 'reports', label: 'Reports' },
  { value: 'emails', label: 'Emails' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

export const DEFAULT_ADMIN_TAB: AdminTab = 'site-settings';

export const isAdminTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab.value === value);
