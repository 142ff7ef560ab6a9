import type { StripeWebhookCheck } from '#common/schemas/diagnostics.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { formatDate } from '#client/lib/format.ts';
import { Notice } from './notice.tsx';

const secretFormatText = {
  valid: 'Format valid (starts with whsec_)',
  invalid: 'Format invalid: a webhook signing secret starts with whsec_',
  'not provided': 'Not provided',
} as const;

function SecretStatus({ check }: { check: StripeWebhookCheck }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-gray-900">Webhook secret</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <Badge variant={check.webhookSecretConfigured ? 'success' : 'destructive'}>{check.webhookSecretConfigured ? 'Configured' : 'Missing'}</Badge>
        <span className="text-gray-700">{secretFormatText[check.webhookSecretFormat]}</span>
      </dd>
      <dt className="font-medium text-gray-900">This shop's webhook URL</dt>
      <dd className="font-mono text-xs break-all text-gray-800">{check.webhookEndpoint}</dd>
      <dt className="font-medium text-gray-900">Endpoints</dt>
      <dd className="text-gray-700">
        {check.totalWebhooks} in total, {check.matchingWebhooks} matching
      </dd>
    </dl>
  );
}

function WebhookList({ check }: { check: StripeWebhookCheck }) {
  return (
    <ul className="grid gap-3">
      {check.webhooks.map((webhook) => (
        <li key={webhook.id} className="rounded-md border border-gray-200 p-3 text-sm">
          <p className="font-mono text-xs break-all text-gray-900">{webhook.url}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge variant={webhook.status === 'enabled' ? 'success' : 'secondary'}>{webhook.status === 'enabled' ? 'Enabled' : 'Disabled'}</Badge>
            <Badge variant={webhook.livemode ? 'destructive' : 'warning'}>{webhook.livemode ? 'Live' : 'Test'}</Badge>
            {webhook.matches ? <Badge variant="success">Matches this shop</Badge> : null}
            <span className="text-gray-600">Created {formatDate(webhook.created, 'medium')}</span>
          </div>
          {!webhook.urlMatches ? <p className="mt-2 text-xs text-gray-600">Points at another address than this shop's webhook URL.</p> : null}
          {webhook.urlMatches && webhook.missingEvents.length > 0 ? (
            <p className="mt-2 text-xs text-amber-900">Missing events: {webhook.missingEvents.join(', ')}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** "Webhooks": the secret, the shop's URL, and the account's endpoints. */
export function WebhooksPanel({ check, heading = 'h3' }: { check: StripeWebhookCheck; heading?: 'h2' | 'h3' }) {
  const simulated = check.provider === 'simulated';
  return (
    <Card>
      <CardHeader>
        <CardTitle as={heading}>Webhook endpoints</CardTitle>
        <CardDescription>
          {simulated
            ? 'The simulator confirms payments itself; Stripe webhooks are used only once Stripe is configured.'
            : 'Stripe tells the shop about finished payments through a webhook endpoint.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SecretStatus check={check} />
        {simulated ? null : check.totalWebhooks === 0 ? (
          <Notice tone="warning" title="No webhook endpoints configured">
            This Stripe account has no webhook endpoints. Add one for {check.webhookEndpoint} sending {check.requiredEvents.join(' and ')}.
          </Notice>
        ) : check.matchingWebhooks === 0 ? (
          <Notice tone="warning" title="No matching webhooks found">
            None of the account's endpoints points at {check.webhookEndpoint} with both {check.requiredEvents.join(' and ')}.
          </Notice>
        ) : null}
        {check.webhooks.length > 0 ? <WebhookList check={check} /> : null}
      </CardContent>
    </Card>
  );
}
