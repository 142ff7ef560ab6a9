import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { usePublicConfig } from '#client/lib/get-public-config.ts';
import { usePaidOrderSample } from '../api/get-paid-order-sample.ts';
import { AdminOnly } from '../components/admin-only.tsx';
import { CONFIRMATION_OUTCOMES, confirmationHref } from '../components/confirmation-outcomes.ts';

const linkClasses = 'font-medium text-link underline-offset-2 hover:underline break-all';

function OutcomeRow({ label, expected, href }: { label: string; expected: string; href: string }) {
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
      <div>
        <Link href={href} className={linkClasses}>
          {label}
        </Link>
        <p className="font-mono text-xs break-all text-gray-600">{href}</p>
      </div>
      <p className="text-sm text-gray-700">
        Shows <span className="font-semibold">"{expected}"</span>
      </p>
    </li>
  );
}

function RealOrderRow({ isAdmin }: { isAdmin: boolean }) {
  const sample = usePaidOrderSample(isAdmin);
  if (!isAdmin) return <li className="py-3 text-sm text-gray-600">Sign in as an administrator to also open a real paid order's page.</li>;
  if (sample.isPending)
    return (
      <li className="py-3">
        <Spinner label="Looking for a paid order" className="py-2" />
      </li>
    );
  if (sample.isError) return <li className="py-3 text-sm text-red-700">Could not look for a paid order: {sample.error.message}</li>;
  if (!sample.data.paymentIntentId) {
    return <li className="py-3 text-sm text-gray-600">No paid order yet: pay a test payment on the payment test page to get one.</li>;
  }
  return (
    <OutcomeRow
      label={`Real paid order #${sample.data.orderId}`}
      expected="Payment Successful"
      href={confirmationHref({ payment_intent: sample.data.paymentIntentId, redirect_status: 'succeeded' })}
    />
  );
}

function OrderConfirmationTest() {
  useDocumentTitle('Order Confirmation Test');
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Order Confirmation Test</h1>
        <p className="mt-1 text-gray-600">Open the order confirmation page the way the payment provider returns shoppers to it.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Outcomes</CardTitle>
          <CardDescription>A successful outcome clears this browser's cart, as after a real payment.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-gray-100">
            {CONFIRMATION_OUTCOMES.map((outcome) => (
              <OutcomeRow key={outcome.label} label={outcome.label} expected={outcome.expected} href={confirmationHref(outcome.query)} />
            ))}
            <RealOrderRow isAdmin={Boolean(user?.isAdmin)} />
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

/** Admin only, unless the server allows everyone (ALLOW_CONFIRMATION_TEST). */
export default function OrderConfirmationTestPage() {
  const config = usePublicConfig();
  if (config.isPending) return <Spinner className="min-h-[50vh]" />;
  return (
    <AdminOnly open={config.data?.allowConfirmationTest === true}>
      <OrderConfirmationTest />
    </AdminOnly>
  );
}
