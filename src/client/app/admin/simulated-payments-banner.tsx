import { TriangleAlert } from 'lucide-react';
import { usePublicConfig } from '#client/lib/get-public-config.ts';

/** A live shop on the card simulator marks orders paid without taking money: the admin must not miss it. */
export function SimulatedPaymentsBanner() {
  const config = usePublicConfig();
  if (!config.data?.isProduction || config.data.paymentProvider !== 'simulated') return null;
  return (
    // a region, not an alert: it is there from the first paint and stays, nothing to announce
    <section
      aria-labelledby="simulated-payments-title"
      data-testid="simulated-payments-banner"
      className="flex gap-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900 sm:p-4"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1 text-sm">
        <h2 id="simulated-payments-title" className="font-bold">
          Card payments are simulated: no money is taken.
        </h2>
        {/* folded, so on a phone the warning does not push the dashboard's tabs below the fold */}
        <details>
          <summary className="cursor-pointer py-1 font-medium underline">Why, and how to take real payments</summary>
          <p className="mt-1">This shop runs in production without a payment provider, so orders are marked paid without any charge.</p>
          <p className="mt-1 break-words">
            Set <code className="font-mono">STRIPE_SECRET_KEY</code>, <code className="font-mono">STRIPE_PUBLISHABLE_KEY</code> and{' '}
            <code className="font-mono">STRIPE_WEBHOOK_SECRET</code> on the server to take real payments.
          </p>
        </details>
      </div>
    </section>
  );
}
