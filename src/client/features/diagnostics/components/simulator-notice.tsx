import { Notice } from './notice.tsx';

/** Both diagnostics pages, when no Stripe key is configured: say so plainly and how to switch. */
export function SimulatorNotice() {
  return (
    <Notice tone="info" title="Built-in card simulator is active">
      <p>
        No Stripe secret key is configured, so payments run through the shop's own card simulator: no real card is ever charged and Stripe is never contacted.
        The simulator behaves like Stripe's test cards (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined) and finishes each payment itself, so no
        Stripe webhooks are needed.
      </p>
      <p className="mt-2">
        To switch to Stripe, set <code className="font-mono">STRIPE_SECRET_KEY</code>, <code className="font-mono">STRIPE_PUBLISHABLE_KEY</code> and{' '}
        <code className="font-mono">STRIPE_WEBHOOK_SECRET</code> in the server's environment and restart it; the setup instructions say where to find each
        value.
      </p>
    </Notice>
  );
}
