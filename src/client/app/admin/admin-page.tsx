import { lazy, Suspense, useLayoutEffect, useRef, type ComponentType, type RefObject } from 'react';
import { useSearchParams } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { BrandsTab } from '#client/features/admin-catalog/components/brands-tab.tsx';
import { ContactTab } from '#client/features/admin-settings/components/contact-tab.tsx';
import { CouponsTab } from '#client/features/admin-settings/components/coupons-tab.tsx';
import { ShippingTab } from '#client/features/admin-shipping/components/shipping-tab.tsx';
import { EmailsTab } from '#client/features/admin-settings/components/emails-tab.tsx';
import { ImageManagerTab } from '#client/features/admin-catalog/components/image-manager-tab.tsx';
import { OrdersTab } from '#client/features/admin-orders/components/orders-tab.tsx';
import { PaymentSettingsTab } from '#client/features/admin-settings/components/payment-settings-tab.tsx';
import { PoliciesTab } from '#client/features/admin-settings/components/policies-tab.tsx';
import { ProductsTab } from '#client/features/admin-catalog/components/products-tab.tsx';
import { SiteSettingsTab } from '#client/features/admin-settings/components/site-settings-tab.tsx';
import { UsersTab } from '#client/features/admin-customers/components/users-tab.tsx';
import { StaffTab } from '#client/features/admin-customers/components/staff-tab.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { userMay } from '#client/lib/staff-permissions.ts';
import { AdminShortcuts } from './admin-shortcuts.tsx';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, isAdminTab, type AdminTab } from './admin-tabs.ts';
import { SimulatedPaymentsBanner } from './simulated-payments-banner.tsx';
import { tabPermission } from './tab-permissions.ts';

// the charts' library loads with the Reports tab alone, never with the other tabs or the storefront
const ReportsTab = lazy(() => import('#client/features/admin-reports/components/reports-tab.tsx'));

const TAB_CONTENT: Record<AdminTab, ComponentType> = {
  'site-settings': SiteSettingsTab,
  brands: BrandsTab,
  products: ProductsTab,
  'image-manager': ImageManagerTab,
  orders: OrdersTab,
  'payment-settings': PaymentSettingsTab,
  contact: ContactTab,
  coupons: CouponsTab,
  shipping: ShippingTab,
  policies: PoliciesTab,
  users: UsersTab,
  staff: StaffTab,
  reports: ReportsTab,
  emails: EmailsTab,
};

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * On a phone only a few of the eleven tabs fit across: the strip scrolls sideways to the open one when the
 * page opens (at once) and when the tab changes (smoothly, unless the owner asked for less motion). After a
 * change the page also brings the strip to the top if it was off screen or low on it, so the new tab's
 * content starts near the top rather than below the fold.
 */
function useOpenTabInView(strip: RefObject<HTMLDivElement | null>, tab: AdminTab) {
  const first = useRef(true);
  useLayoutEffect(() => {
    const scroller = strip.current;
    const open = scroller?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    // no layout, no scrolling: component tests' DOM
    if (!scroller || !open || typeof scroller.scrollTo !== 'function') return;
    const behavior: ScrollBehavior = first.current || reducedMotion() ? 'auto' : 'smooth';
    const box = open.getBoundingClientRect();
    const left = scroller.scrollLeft + box.left - scroller.getBoundingClientRect().left - (scroller.clientWidth - box.width) / 2;
    scroller.scrollTo({ left: Math.max(0, left), behavior });
    if (!first.current) {
      const top = scroller.getBoundingClientRect().top;
      // under the sticky header (its height is the strip's scroll margin) or in the screen's lower half
      const hidden = top < parseFloat(getComputedStyle(scroller).scrollMarginTop) - scroller.offsetHeight;
      if (hidden || top > window.innerHeight / 2) scroller.scrollIntoView({ block: 'start', behavior });
    }
    first.current = false;
  }, [strip, tab]);
}

/** Admin Dashboard; the open tab lives in the URL (?tab=) so it survives reloads and links. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // a role sees the tabs it may use (decision 052); the server refuses the rest either way
  const { user } = useCurrentUser();
  const tabs = ADMIN_TABS.filter(({ value }) => userMay(user, tabPermission(value)));
  const allowed = (value: string | null) => isAdminTab(value) && tabs.some((open) => open.value === value);
  const tab: AdminTab = allowed(requested) ? (requested as AdminTab) : allowed(DEFAULT_ADMIN_TAB) ? DEFAULT_ADMIN_TAB : (tabs[0]?.value ?? DEFAULT_ADMIN_TAB);
  const strip = useRef<HTMLDivElement>(null);
  useOpenTabInView(strip, tab);

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">Admin Dashboard</h1>
      <div className="mt-3 grid grid-cols-1 gap-2 sm:mt-6 sm:gap-4">
        <SimulatedPaymentsBanner />
        <AdminShortcuts />
      </div>
      <Tabs value={tab} onValueChange={(next) => setSearchParams({ tab: next }, { replace: true })} className="mt-3 sm:mt-6">
        {/* phones: the tab strip scrolls sideways instead of wrapping; scroll-mt keeps it clear of the sticky header */}
        <div ref={strip} className="-mx-4 scroll-mt-20 overflow-x-auto scroll-px-4 px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label="Admin sections" className="min-w-max">
            {tabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map(({ value }) => {
          const Content = TAB_CONTENT[value];
          // only the open tab is mounted, so only its data is read
          return (
            <TabsContent key={value} value={value} className="mt-3 sm:mt-4">
              {value === tab ? (
                <Suspense fallback={<Spinner />}>
                  <Content />
                </Suspense>
              ) : null}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
