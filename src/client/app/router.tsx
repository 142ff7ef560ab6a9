import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { safeReturnTo } from '#common/return-to.ts';
import HomePage from '#client/features/catalog/pages/home-page.tsx';
import { ShopPageSkeleton } from '#client/features/catalog/components/product-grid-skeleton.tsx';
import { ProductPageSkeleton } from '#client/features/catalog/components/product-page-skeleton.tsx';

// Home is in the first bundle (docs/performance.md: at most 100 KB gzip of JS); every other route is its own chunk.
const ShopPage = lazy(() => import('#client/features/catalog/pages/shop-page.tsx'));
const ComparePage = lazy(() => import('#client/features/catalog/pages/compare-page.tsx'));
const WishlistPage = lazy(() => import('#client/features/catalog/pages/wishlist-page.tsx'));
const ProductRoute = lazy(() => import('./routes/product-route.tsx'));
const BrandPage = lazy(() => import('#client/features/catalog/pages/brand-page.tsx'));
const CartRoute = lazy(() => import('./routes/cart-route.tsx'));
const CheckoutRoute = lazy(() => import('./routes/checkout-route.tsx'));
const ContactPage = lazy(() => import('#client/features/content/pages/contact-page.tsx'));
const PoliciesPage = lazy(() => import('#client/features/content/pages/policies-page.tsx'));
const PaddleFinderPage = lazy(() => import('#client/features/paddle-finder/pages/paddle-finder-page.tsx'));
const AuthPage = lazy(() => import('#client/features/accounts/pages/auth-page.tsx'));
const ProfileRoute = lazy(() => import('./routes/profile-route.tsx'));
const ResetPasswordPage = lazy(() => import('#client/features/accounts/pages/reset-password-page.tsx'));
const StaffInvitationPage = lazy(() => import('#client/features/accounts/pages/staff-invitation-page.tsx'));
const ConfirmEmailPage = lazy(() => import('#client/features/accounts/pages/confirm-email-page.tsx'));
const OrderPage = lazy(() => import('#client/features/orders/pages/order-page.tsx'));
const OrderLookupPage = lazy(() => import('#client/features/orders/pages/order-lookup-page.tsx'));
const GiftCardBalancePage = lazy(() => import('#client/features/gift-cards/pages/gift-card-balance-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));
// every /admin address: the owner's routes are a chunk of their own (admin-routes.tsx)
const AdminRoutes = lazy(() => import('./admin-routes.tsx'));
const OrderConfirmationRoute = lazy(() => import('./routes/order-confirmation-route.tsx'));
const StripeStatusPage = lazy(() => import('#client/features/diagnostics/pages/stripe-status-page.tsx'));
const PaymentTestPage = lazy(() => import('#client/features/diagnostics/pages/payment-test-page.tsx'));
const OrderConfirmationTestPage = lazy(() => import('#client/features/diagnostics/pages/order-confirmation-test-page.tsx'));

/** Signed-in visitors of /auth (and a shopper who has just signed in there) go back to ?returnTo, else to /. */
function AuthRoute() {
  const { user, isLoading } = useCurrentUser();
  const returnTo = new URLSearchParams(useSearch()).get('returnTo');
  if (isLoading) return <Spinner className="min-h-[50vh]" />;
  // an admin the shop requires two-factor sign-in of, who has none yet, sets it up first
  if (user) return <Redirect to={user.twoFactor?.required && !user.twoFactor.enabled ? '/profile#two-factor' : safeReturnTo(returnTo)} replace />;
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
        <Route path="/wishlist" component={WishlistPage} />
        <Route path="/products/:id">
          {(params) => (
            <Suspense fallback={<ProductPageSkeleton />}>
              <ProductRoute id={params.id} />
            </Suspense>
          )}
        </Route>
        <Route path="/brands/:id">{(params) => <BrandPage id={params.id} />}</Route>
        <Route path="/cart" component={CartRoute} />
        <Route path="/checkout" component={CheckoutRoute} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/policies" component={PoliciesPage} />
        <Route path="/paddle-finder" component={PaddleFinderPage} />
        <Route path="/paddle-finder/results" component={PaddleFinderPage} />
        <Route path="/auth" component={AuthRoute} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/staff-invitation" component={StaffInvitationPage} />
        <Route path="/confirm-email" component={ConfirmEmailPage} />
        <Route path="/order-lookup" component={OrderLookupPage} />
        <Route path="/gift-cards/balance" component={GiftCardBalancePage} />
        {/* signed in as its owner, or from a signed link (?key=): the page asks, the server decides */}
        <Route path="/orders/:orderNumber">{(params) => <OrderPage orderNumber={params.orderNumber} />}</Route>
        <Route path="/profile" component={ProfileRoute} />
        <Route path="/admin/*?" component={AdminRoutes} />
        <Route path="/order-confirmation" component={OrderConfirmationRoute} />
        {/* diagnostics pages guard themselves: /payment-test sends non-admins to /, /order-confirmation-test may be open */}
        <Route path="/stripe-status" component={StripeStatusPage} />
        <Route path="/payment-test" component={PaymentTestPage} />
        <Route path="/order-confirmation-test" component={OrderConfirmationTestPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
