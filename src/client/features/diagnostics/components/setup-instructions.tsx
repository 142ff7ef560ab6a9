import { REQUIRED_WEBHOOK_EVENTS } from '#common/schemas/diagnostics.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

const variables = [
  { name: 'STRIPE_SECRET_KEY', purpose: 'Server key. Starts with sk_live_ (live) or sk_test_ (test); a restricted rk_ key works too.' },
  { name: 'STRIPE_PUBLISHABLE_KEY', purpose: 'Browser key for the card form. Starts with pk_live_ or pk_test_, same mode as the secret key.' },
  { name: 'STRIPE_WEBHOOK_SECRET', purpose: "The endpoint's signing secret. Starts with whsec_." },
];

/** Setup instructions, the required environment variables and webhook events. */
export function SetupInstructions({ webhookUrl, heading = 'h2' }: { webhookUrl?: string; heading?: 'h2' | 'h3' }) {
  const Subheading = heading === 'h2' ? 'h3' : 'h4';
  return (
    <Card>
      <CardHeader>
        <CardTitle as={heading}>Setup instructions</CardTitle>
        <CardDescription>Payments switch from the simulator to Stripe through the server's environment alone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm text-gray-800">
        <ol className="list-decimal space-y-2 pl-5">
          <li>In the Stripe dashboard, open Developers, API keys, and copy the secret and publishable keys of one mode (test first).</li>
          <li>
            Under Developers, Webhooks, add an endpoint for{' '}
            <span className="font-mono break-all">{webhookUrl ?? 'https://<your shop>/api/stripe/webhook'}</span> sending the events below, then reveal its
            signing secret.
          </li>
          <li>Set the three variables below in the server's environment and restart the server.</li>
          <li>Come back to this page: all modes should match and one webhook should match this shop.</li>
        </ol>
        <div>
          <Subheading className="mb-2 font-semibold text-gray-900">Required environment variables</Subheading>
          <dl className="grid gap-3">
            {variables.map((variable) => (
              <div key={variable.name}>
                <dt>
                  <code className="font-mono font-semibold">{variable.name}</code>
                </dt>
                <dd className="text-gray-700">{variable.purpose}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <Subheading className="mb-2 font-semibold text-gray-900">Required webhook events</Subheading>
          <ul className="list-disc space-y-1 pl-5">
            {REQUIRED_WEBHOOK_EVENTS.map((event) => (
              <li key={event}>
                <code className="font-mono">{event}</code>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
