import type { ComponentType } from 'react';
import { useSearchParams } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { BrandsTab } from '#client/features/admin-catalog/components/brands-tab.tsx';
import { ContactTab } from '#client/features/admin-settings/components/contact-tab.tsx';
import { CouponsTab } from '#client/features/admin-settings/components/coupons-tab.tsx';
import { EmailsTab } from '#client/features/admin-settings/components/emails-tab.tsx';
import { ImageManagerTab } from '#client/features/admin-catalog/components/image-manager-tab.tsx';
import { OrdersTab } from '#client/features/admin-orders/components/orders-tab.tsx';
import { PaymentSettingsTab } from '#client/features/admin-settings/components/payment-settings-tab.tsx';
import { PoliciesTab } from '#client/features/admin-settings/components/policies-tab.tsx';
import { ProductsTab } from '#client/features/admin-catalog/components/products-tab.tsx';
import { SiteSettingsTab } from '#client/features/admin-settings/components/site-settings-tab.tsx';
import { UsersTab } from '#client/features/admin-customers/components/users-tab.tsx';
import { AdminShortcuts } from './admin-shortcuts.tsx';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, isAdminTab, type AdminTab } from './admin-tabs.ts';
import { SimulatedPaymentsBanner } from './simulated-payments-banner.tsx';

const TAB_CONTENT: Record<AdminTab, ComponentType> = {
  'site-settings': SiteSettingsTab,
  brands: BrandsTab,
  products: ProductsTab,
  'image-manager': ImageManagerTab,
  orders: OrdersTab,
  'payment-settings': PaymentSettingsTab,
  contact: ContactTab,
  coupons: CouponsTab,
  policies: PoliciesTab,
  users: UsersTab,
  emails: EmailsTab,
};

/** Admin Dashboard; the open tab lives in the URL (?tab=) so it survives reloads and links. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : DEFAULT_ADMIN_TAB;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Admin Dashboard</h1>
      <div className="mt-6 grid grid-cols-1 gap-6">
        <SimulatedPaymentsBanner />
        <AdminShortcuts />
      </div>
      <Tabs value={tab} onValueChange={(next) => setSearchParams({ tab: next }, { replace: true })} className="mt-8">
        {/* phones: the tab strip scrolls sideways instead of wrapping */}
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label="Admin sections" className="min-w-max">
            {ADMIN_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {ADMIN_TABS.map(({ value }) => {
          const Content = TAB_CONTENT[value];
          // only the open tab is mounted, so only its data is read
          return (
            <TabsContent key={value} value={value} className="mt-6">
              {value === tab ? <Content /> : null}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
