import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { formatPrice } from '#common/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate } from '#client/lib/format.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { isStaff } from '#client/lib/staff-permissions.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { AddressBook } from '../components/address-book.tsx';
import { MarketingConsentForm } from '../components/marketing-consent-form.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { OrderHistorySkeleton } from '../components/profile-skeleton.tsx';
import { SessionsList } from '../components/sessions-list.tsx';

// The forms (react-hook-form with them) and the staff's two-factor settings load after the page's own chunk,
// so the route's first load stays within its budget (decision 068); each boundary shows a spinner meanwhile.
const FullNameForm = lazy(() => import('../components/full-name-form.tsx').then((module) => ({ default: module.FullNameForm })));
const ChangeEmailForm = lazy(() => import('../components/change-email-form.tsx').then((module) => ({ default: module.ChangeEmailForm })));
const ChangePasswordForm = lazy(() => import('../components/change-password-form.tsx').then((module) => ({ default: module.ChangePasswordForm })));
const TwoFactorSection = lazy(() => import('../components/two-factor-section.tsx').then((module) => ({ default: module.TwoFactorSection })));

/**
 * Profile: username, full name (editable), member since, order history or "No orders yet.", the address book,
 * the e-mail and password changes, two-factor sign-in (staff) and the signed-in sessions (route is protected).
 */
export default function ProfilePage() {
  const { user } = useCurrentUser();
  const orders = useMyOrders(Boolean(user));
  useDocumentTitle('My Profile');
  if (!user) return null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">My Profile</h1>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-gray-600">Username</dt>
                <dd className="font-medium text-gray-900">{user.username}</dd>
              </div>
              {user.email ? (
                <div>
                  <dt className="text-gray-600">Email</dt>
                  <dd className="font-medium break-all text-gray-900">{user.email}</dd>
                </div>
              ) : null}
              <div>
                <dt className="text-gray-600">Member since</dt>
                <dd className="font-medium text-gray-900">{formatDate(user.createdAt)}</dd>
              </div>
            </dl>
            <div className="mt-6 border-t border-gray-200 pt-4">
              <Suspense fallback={<Spinner className="py-6" />}>
                <FullNameForm fullName={user.fullName} />
              </Suspense>
            </div>
            <div className="mt-6 border-t border-gray-200 pt-4">
              <MarketingConsentForm consent={user.marketingConsent} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Order History</CardTitle>
          </CardHeader>
          <CardContent>
            {orders.isLoading ? (
              <OrderHistorySkeleton />
            ) : orders.isError ? (
              <LoadError title="We couldn't load your orders" error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
            ) : (orders.data ?? []).length === 0 ? (
              <div className="py-6 text-center">
                <p className="text-gray-700">No orders yet.</p>
                <Link href="/shop" className="mt-2 inline-block text-sm font-medium text-link hover:underline">
                  Start shopping
                </Link>
              </div>
            ) : (
              <div className="-mx-2 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="border-b border-gray-200 text-gray-600">
                    <tr>
                      <th scope="col" className="px-2 py-2 font-medium">
                        Order
                      </th>
                      <th scope="col" className="px-2 py-2 font-medium">
                        Status
                      </th>
                      <th scope="col" className="px-2 py-2 font-medium">
                        Date
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-medium">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {(orders.data ?? []).map((order) => (
                      <tr key={order.id}>
                        <td className="px-2 py-3 font-medium">
                          <Link
                            href={`/orders/${order.orderNumber}`}
                            className="inline-flex min-h-11 items-center text-link underline-offset-4 hover:underline"
                          >
                            #{order.orderNumber}
                          </Link>
                        </td>
                        <td className="px-2 py-3">
                          <OrderStatusBadge order={order} />
                        </td>
                        <td className="px-2 py-3 text-gray-700">{formatDate(order.createdAt, 'medium')}</td>
                        <td className="px-2 py-3 text-right font-semibold text-gray-900">{formatPrice(order.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Address Book</CardTitle>
          </CardHeader>
          <CardContent>
            <AddressBook />
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Sign-in and security</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-8 md:grid-cols-2">
            <Suspense fallback={<Spinner className="md:col-span-2" />}>
              <ChangeEmailForm currentEmail={user.email} />
              <ChangePasswordForm />
              {isStaff(user) ? <TwoFactorSection required={user.twoFactor?.required ?? false} /> : null}
            </Suspense>
            <SessionsList />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
