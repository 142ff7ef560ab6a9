import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from './protected-route.tsx';

// The owner's pages, loaded as a chunk of their own the first time an /admin address opens, so
// their routes never weigh on the storefront's first load; each page is a chunk of its own again.
const AdminFinderRulesPage = lazy(() => import('#client/features/paddle-finder/pages/admin-finder-rules-page.tsx'));
const AdminSearchPage = lazy(() => import('#client/features/search/pages/admin-search-page.tsx'));
const AdminPage = lazy(() => import('./admin/admin-page.tsx'));
const AdminOrderPage = lazy(() => import('#client/features/admin-orders/pages/admin-order-page.tsx'));
const PackingSlipPage = lazy(() => import('#client/features/admin-orders/pages/packing-slip-page.tsx'));
const PrintOrdersPage = lazy(() => import('#client/features/admin-orders/pages/print-orders-page.tsx'));
const ArchivedOrdersPage = lazy(() => import('#client/features/admin-orders/pages/archived-orders-page.tsx'));
const ProductEditorPage = lazy(() => import('#client/features/admin-catalog/pages/product-editor-page.tsx'));
const ProductTypesPage = lazy(() => import('#client/features/admin-catalog/pages/product-types-page.tsx'));
const AdminReviewsPage = lazy(() => import('#client/features/reviews/pages/admin-reviews-page.tsx'));
const WebhookDiagnosticsPage = lazy(() => import('#client/features/diagnostics/pages/webhook-diagnostics-page.tsx'));
const TestOrderEmailPage = lazy(() => import('#client/features/diagnostics/pages/test-order-email-page.tsx'));
const AuditLogPage = lazy(() => import('#client/features/admin-audit/pages/audit-log-page.tsx'));
const AdminEmailTemplatesPage = lazy(() => import('#client/features/admin-email-templates/pages/admin-email-templates-page.tsx'));
const AdminNewsletterPage = lazy(() => import('#client/features/admin-newsletter/pages/admin-newsletter-page.tsx'));
const AdminGiftCardsPage = lazy(() => import('#client/features/gift-cards/pages/admin-gift-cards-page.tsx'));
const AdminHomePage = lazy(() => import('#client/features/admin-home/pages/admin-home-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));

export default function AdminRoutes() {
  return (
    <Switch>
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
      <Route path="/admin/orders/print">
        <ProtectedRoute adminOnly>
          <PrintOrdersPage />
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
      <Route path="/admin/search">
        <ProtectedRoute adminOnly>
          <AdminSearchPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/paddle-finder">
        <ProtectedRoute adminOnly>
          <AdminFinderRulesPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/audit">
        <ProtectedRoute adminOnly>
          <AuditLogPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/emails/templates">
        <ProtectedRoute adminOnly>
          <AdminEmailTemplatesPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/newsletter">
        <ProtectedRoute adminOnly>
          <AdminNewsletterPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/gift-cards">
        <ProtectedRoute adminOnly>
          <AdminGiftCardsPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/home">
        <ProtectedRoute adminOnly>
          <AdminHomePage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/product-types">
        <ProtectedRoute adminOnly>
          <ProductTypesPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin/webhook-diagnostics" component={WebhookDiagnosticsPage} />
      <Route path="/admin/test-order-email" component={TestOrderEmailPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
