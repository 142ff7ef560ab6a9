import { useEffect } from 'react';
import { Link } from 'wouter';
import { RefreshCw } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useStripeMode } from '../api/get-stripe-mode.ts';

const isLive = (mode: string | undefined) => mode === 'live';

function ModeBadge({ mode }: { mode: string }) {
  return <Badge variant={isLive(mode) ? 'success' : 'warning'}>{mode.toUpperCase()}</Badge>;
}

/** Payment-settings: live or test mode, refreshed every 30 s and on focus. */
export function PaymentSettingsTab() {
  const mode = useStripeMode();

  useEffect(() => {
    if (mode.errorUpdatedAt) toast({ title: 'Error checking Stripe mode', description: mode.error?.message, variant: 'destructive' });
  }, [mode.errorUpdatedAt, mode.error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Settings</CardTitle>
        <CardDescription>Which mode the card payment provider runs in. Checked every 30 seconds and when you come back to this window.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {mode.isLoading ? (
          <Spinner label="Checking payment mode" />
        ) : mode.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
            Error checking Stripe mode{mode.error.message ? `: ${mode.error.message}` : ''}
          </p>
        ) : mode.data ? (
          <div
            data-testid="payment-mode"
            className={`rounded-md border p-4 ${mode.data.realCharges ? 'border-green-300 bg-green-50' : 'border-amber-300 bg-amber-50'}`}
          >
            <p className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              Payments run in <ModeBadge mode={mode.data.mode} /> mode
            </p>
            <p className="mt-1 text-sm text-gray-700">
              {mode.data.realCharges ? 'Real cards are charged.' : 'No real charges are made: use test cards such as 4242 4242 4242 4242.'}
            </p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-gray-600">Provider</dt>
              <dd>{mode.data.provider === 'stripe' ? 'Stripe' : 'Built-in card simulator'}</dd>
              <dt className="text-gray-600">Secret key</dt>
              <dd>
                <ModeBadge mode={mode.data.keyMode} />
              </dd>
              <dt className="text-gray-600">Publishable key</dt>
              <dd>
                <ModeBadge mode={mode.data.publicKeyMode} />
              </dd>
              <dt className="text-gray-600">Webhook secret</dt>
              <dd>{mode.data.webhookSecretConfigured ? 'Configured' : 'Missing'}</dd>
            </dl>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => mode.refetch()} disabled={mode.isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {mode.isFetching ? 'Checking…' : 'Check now'}
          </Button>
          <Link href="/stripe-status" className={buttonClasses('link', 'sm')}>
            Full payment provider status
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
