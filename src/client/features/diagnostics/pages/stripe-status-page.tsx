import { RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { AdminOnly } from '../components/admin-only.tsx';
import { CheckSection } from '../components/check-section.tsx';
import { SetupInstructions } from '../components/setup-instructions.tsx';
import { SimulatorNotice } from '../components/simulator-notice.tsx';
import { StripeKeysPanel } from '../components/stripe-keys-panel.tsx';
import { usePaymentChecks } from '../components/use-payment-checks.ts';
import { WebhooksPanel } from '../components/webhooks-panel.tsx';

function StripeStatus() {
  useDocumentTitle('Stripe Status');
  const { mode, webhooks, refreshMode, refreshWebhooks, refreshAll } = usePaymentChecks();
  const simulated = mode.data?.provider === 'simulated';
  const refreshing = mode.isFetching || webhooks.isFetching;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Stripe Status</h1>
          <p className="mt-1 text-gray-600">
            {mode.data ? (simulated ? 'Payments: built-in card simulator' : 'Payments: Stripe') : 'Payment provider keys, mode and webhooks'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void refreshAll()} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Check again
          </Button>
          <Link href="/admin/webhook-diagnostics" className={buttonClasses('ghost')}>
            Webhook diagnostics
          </Link>
        </div>
      </div>

      {simulated ? <SimulatorNotice /> : null}

      <Tabs defaultValue="keys">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="keys" className="flex-1 sm:flex-none">
            API Keys
          </TabsTrigger>
          <TabsTrigger value="webhooks" className="flex-1 sm:flex-none">
            Webhooks
          </TabsTrigger>
          <TabsTrigger value="settings" className="flex-1 sm:flex-none">
            Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="keys">
          <CheckSection query={mode} errorTitle="Error fetching Stripe status" loadingLabel="Checking Stripe mode">
            {(check) => <StripeKeysPanel check={check} heading="h2" />}
          </CheckSection>
          <Button variant="outline" size="sm" className="mt-4" onClick={() => void refreshMode()} disabled={mode.isFetching}>
            Refresh key check
          </Button>
        </TabsContent>
        <TabsContent value="webhooks">
          <CheckSection query={webhooks} errorTitle="Error fetching webhook information" loadingLabel="Checking webhooks">
            {(check) => <WebhooksPanel check={check} heading="h2" />}
          </CheckSection>
          <Button variant="outline" size="sm" className="mt-4" onClick={() => void refreshWebhooks()} disabled={webhooks.isFetching}>
            Refresh webhook check
          </Button>
        </TabsContent>
        <TabsContent value="settings">
          <SetupInstructions webhookUrl={webhooks.data?.webhookEndpoint} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** /stripe-status (admin only). */
export default function StripeStatusPage() {
  return (
    <AdminOnly>
      <StripeStatus />
    </AdminOnly>
  );
}
