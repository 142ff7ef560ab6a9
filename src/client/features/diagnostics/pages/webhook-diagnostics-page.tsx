import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { AdminOnly } from '../components/admin-only.tsx';
import { CheckSection } from '../components/check-section.tsx';
import { SetupInstructions } from '../components/setup-instructions.tsx';
import { SimulatorNotice } from '../components/simulator-notice.tsx';
import { StripeKeysPanel } from '../components/stripe-keys-panel.tsx';
import { usePaymentChecks } from '../components/use-payment-checks.ts';
import { WebhooksPanel } from '../components/webhooks-panel.tsx';

const troubleshooting = [
  {
    problem: 'Payments succeed at Stripe but orders stay pending',
    fix: "Stripe cannot reach the webhook URL, or the endpoint lacks payment_intent.succeeded. Check the endpoint's URL and events, and that the shop is reachable from the internet over https.",
  },
  {
    problem: 'Stripe shows webhook deliveries failing with 400',
    fix: 'STRIPE_WEBHOOK_SECRET is not the signing secret of that endpoint. Copy it again from the endpoint in the Stripe dashboard (it starts with whsec_) and restart the server.',
  },
  {
    problem: 'Stripe shows webhook deliveries failing with 503',
    fix: 'STRIPE_WEBHOOK_SECRET is not set on the server.',
  },
  {
    problem: 'Declined payments do not release stock at once',
    fix: 'Add payment_intent.payment_failed to the endpoint. Stock of abandoned payments is released after 30 minutes either way.',
  },
  {
    problem: 'Mode Mismatch',
    fix: 'The secret key, publishable key and webhook endpoint must all belong to the same mode (test or live) of the same Stripe account.',
  },
];

function WebhookDiagnostics() {
  useDocumentTitle('Webhook Diagnostics');
  const { mode, webhooks, refreshMode, refreshWebhooks } = usePaymentChecks();
  const simulated = mode.data?.provider === 'simulated' || webhooks.data?.provider === 'simulated';

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Admin
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-gray-900">Webhook Diagnostics</h1>
        <p className="mt-1 text-gray-600">Whether Stripe can tell this shop about finished payments.</p>
      </div>

      {simulated ? <SimulatorNotice /> : null}

      <section aria-labelledby="webhook-check-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="webhook-check-heading" className="text-xl font-bold text-gray-900">
            Webhook check
          </h2>
          <Button variant="outline" size="sm" onClick={() => void refreshWebhooks()} disabled={webhooks.isFetching}>
            <RefreshCw className={webhooks.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh webhooks
          </Button>
        </div>
        <CheckSection query={webhooks} errorTitle="Error fetching webhook information" loadingLabel="Checking webhooks">
          {(check) => <WebhooksPanel check={check} />}
        </CheckSection>
      </section>

      <section aria-labelledby="mode-check-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="mode-check-heading" className="text-xl font-bold text-gray-900">
            Key and mode check
          </h2>
          <Button variant="outline" size="sm" onClick={() => void refreshMode()} disabled={mode.isFetching}>
            <RefreshCw className={mode.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh mode
          </Button>
        </div>
        <CheckSection query={mode} errorTitle="Error fetching Stripe status" loadingLabel="Checking Stripe mode">
          {(check) => <StripeKeysPanel check={check} />}
        </CheckSection>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Troubleshooting</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm">
            {troubleshooting.map((entry) => (
              <div key={entry.problem}>
                <dt className="font-semibold text-gray-900">{entry.problem}</dt>
                <dd className="mt-1 text-gray-700">{entry.fix}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <SetupInstructions webhookUrl={webhooks.data?.webhookEndpoint} />
    </div>
  );
}

/** /admin/webhook-diagnostics (admin only). */
export default function WebhookDiagnosticsPage() {
  return (
    <AdminOnly>
      <WebhookDiagnostics />
    </AdminOnly>
  );
}
