import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { safeReturnTo } from '#client/lib/return-to.ts';
import HomePage from '#client/features/catalog/pages/home-page.tsx';
import { ShopPageSkeleton } from '#client/features/catalog/components/product-grid-skeleton.tsx';
import { ProductPageSkeleton } from '#client/features/catalog/components/product-page-skeleton.tsx';
import { ProfilePageSkeleton } from '#client/features/accounts/components/profile-skeleton.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { ProductReviewsSlot } from './routes/product-reviews-slot.tsx';

// Home is in the first bundle (docs/performance.md: at most 100 KB gzip of JS); every other route is its own chunk.
const ShopPage = lazy(() => import('#client/features/catalog/pages/shop-page.tsx'));
const ComparePage = lazy(() => import('#client/features/catalog/pages/compare-page.tsx'));
const ProductPage = lazy(() => import('#client/features/catalog/pages/product-page.tsx'));
const BrandPage = lazy(() => import('#client/features/catalog/pages/brand-page.tsx'));
const CartRoute = lazy(() => import('./routes/cart-route.tsx'));
const ContactPage = lazy(() => import('#client/features/content/pages/contact-page.tsx'));
const PoliciesPage = lazy(() => import('#client/features/content/pages/policies-page.tsx'));
const PaddleFinderPage = lazy(() => import('#client/features/paddle-finder/pages/paddle-finder-page.tsx'));
const AdminFinderRulesPage = lazy(() => import('#client/features/paddle-finder/pages/admin-finder-rules-page.tsx'));
const AuthPage = lazy(() => import('#client/features/accounts/pages/auth-page.tsx'));
const ProfilePage = lazy(() => import('#client/features/accounts/pages/profile-page.tsx'));
const ResetPasswordPage = lazy(() => import('#client/features/accounts/pages/reset-password-page.tsx'));
const OrderPage = lazy(() => import('#client/features/orders/pages/order-page.tsx'));
const OrderLookupPage = lazy(() => import('#client/features/orders/pages/order-lookup-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));
const AdminPage = lazy(() => import('#client/features/admin/pages/admin-page.tsx'));
const AdminOrderPage = lazy(() => import('#client/features/admin/pages/admin-order-page.tsx'));
const PackingSlipPage = lazy(() => import('#client/features/admin/pages/packing-slip-page.tsx'));
const ArchivedOrdersPage = lazy(() => import('#client/features/admin/pages/archived-orders-page.tsx'));
const ProductEditorPage = lazy(() => import('#client/features/admin/pages/product-editor-page.tsx'));
const ProductTypesPage = lazy(() => import('#client/features/admin/pages/product-types-page.tsx'));
const AdminReviewsPage = lazy(() => import('#client/features/reviews/pages/admin-reviews-page.tsx'));
const OrderConfirmationRoute = lazy(() => import('./routes/order-confirmation-route.tsx'));
const StripeStatusPage = lazy(() => import('#client/features/diagnostics/pages/stripe-status-page.tsx'));
const WebhookDiagnosticsPage = lazy(() => import('#client/features/diagnostics/pages/webhook-diagnostics-page.tsx'));
const PaymentTestPage = lazy(() => import('#client/features/diagnostics/pages/payment-test-page.tsx'));
const OrderConfirmationTestPage = lazy(() => import('#client/features/diagnostics/pages/order-confirmation-test-page.tsx'));
const TestOrderEmailPage = lazy(() => import('#client/features/diagnostics/pages/test-order-email-page.tsx'));

// ---------------------------------------------------------------------------------------------
// Lazy routes added by other features. Keep them React.lazy so their code never lands in the
// storefront's first load:
//   - checkout: /order-confirmation (features/checkout/pages/order-confirmation-page.tsx)
//   - admin:    /admin and below (features/admin/...), each wrapped in <ProtectedRoute adminOnly>
// Add them to `lazyFeatureRoutes` below, before the catch-all 404.
// ---------------------------------------------------------------------------------------------

/** Signed-in visitors of /auth (and a shopper who has just signed in there) go back to ?returnTo, else to /. */
function AuthRoute() {
  const { user, isLoading } = useCurrentUser();
  const returnTo = new URLSearchParams(useSearch()).get('returnTo');
  if (isLoading) return <Spinner className="min-h-[50vh]" />;
  if (user) return <Redirect to={safeReturnTo(returnTo)} replace />;
  return <AuthPage />;
}

export function AppRouter() {
  return (
    <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
      <Switch>
        <Route path="/" component={HomePage} />
        {/* the most visited pages load behind placeholders of their own shape, not a lone spinner */}
        <Route path="/shop">
          <Suspense fallback={<ShopPageSkeleton />}>
            <ShopPage />
          </Suspense>
        </Route>
        <Route path="/compare" component={ComparePage} />
        <Route path="/products/:id">
          {(params) => (
            <Suspense fallback={<ProductPageSkeleton />}>
              <ProductPage id={params.id} belowFold={ProductReviewsSlot} />
            </Suspense>
          )}
        </Route>
        <Route path="/brands/:id">{(params) => <BrandPage id={params.id} />}</Route>
        <Route path="/cart" component={CartRoute} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/policies" component={PoliciesPage} />
        <Route path="/paddle-finder" component={PaddleFinderPage} />
        <Route path="/paddle-finder/results" component={PaddleFinderPage} />
        <Route path="/auth" component={AuthRoute} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/order-lookup" component={OrderLookupPage} />
        {/* signed in as its owner, or from a signed link (?key=): the page asks, the server decides */}
        <Route path="/orders/:orderNumber">{(params) => <OrderPage orderNumber={params.orderNumber} />}</Route>
        <Route path="/profile">
          <ProtectedRoute loading={<ProfilePageSkeleton />}>
            <Suspense fallback={<ProfilePageSkeleton />}>
              <ProfilePage />
            </Suspense>
          </ProtectedRoute>
        </Route>
        {/* lazyFeatureRoutes: checkout and admin routes go here (see the note above) */}
        <Route path="/admin">
          <ProtectedRoute adminOnly>
            <AdminPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin/archived-orders">
          <ProtectedRoute adminOnly>
            <ArchivedOrdersPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin/orders/:id/packing-slip">
          {(params) => (
            <ProtectedRoute adminOnly>
              <PackingSlipPage id={params.id} />
            </ProtectedRoute>
          )}
        </Route>
        <Route path="/admin/orders/:id">
          {(params) => (
            <ProtectedRoute adminOnly>
              <AdminOrderPage id={params.id} />
            </ProtectedRoute>
          )}
        </Route>
        <Route path="/admin/products/new">
          <ProtectedRoute adminOnly>
            <ProductEditorPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin/products/:id/edit">
          {(params) => (
            <ProtectedRoute adminOnly>
              <ProductEditorPage id={params.id} />
            </ProtectedRoute>
          )}
        </Route>
        <Route path="/admin/reviews">
          <ProtectedRoute adminOnly>
            <AdminReviewsPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin/paddle-finder">
          <ProtectedRoute adminOnly>
            <AdminFinderRulesPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin/product-types">
          <ProtectedRoute adminOnly>
            <ProductTypesPage />
          </ProtectedRoute>
        </Route>
        <Route path="/order-confirmation" component={OrderConfirmationRoute} />
        {/* diagnostics pages guard themselves: /payment-test sends non-admins to /, /order-confirmation-test may be open */}
        <Route path="/stripe-status" component={StripeStatusPage} />
        <Route path="/admin/webhook-diagnostics" component={WebhookDiagnosticsPage} />
        <Route path="/admin/test-order-email" component={TestOrderEmailPage} />
        <Route path="/payment-test" component={PaymentTestPage} />
        <Route path="/order-confirmation-test" component={OrderConfirmationTestPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
