import type { KeyMode, StripeModeCheck } from '#common/schemas/diagnostics.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ModeBadge } from './mode-badge.tsx';
import { formatCheckedAt, modesDiffer, shortSessionId } from './mode-rules.ts';
import { Notice } from './notice.tsx';

function ModeRow({ label, mode, hint }: { label: string; mode: KeyMode; hint: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <dt>
        <span className="block font-medium text-gray-900">{label}</span>
        <span className="block text-xs text-gray-600">{hint}</span>
      </dt>
      <dd>
        <ModeBadge mode={mode} />
      </dd>
    </div>
  );
}

/** "API Keys": the three modes, the session id, and the consistency and charges notices. */
export function StripeKeysPanel({ check, heading = 'h3' }: { check: StripeModeCheck; heading?: 'h2' | 'h3' }) {
  const simulated = check.provider === 'simulated';
  const mismatch = modesDiffer(check);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as={heading}>Key and session modes</CardTitle>
          <CardDescription>Last checked {formatCheckedAt(check.timestamp)}. Refreshes every 30 seconds.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-gray-100 text-sm">
            <ModeRow label="Secret key" mode={check.keyMode} hint={simulated ? 'No STRIPE_SECRET_KEY: the simulator is used' : 'From STRIPE_SECRET_KEY'} />
            <ModeRow
              label="Public key"
              mode={check.publicKeyMode}
              hint={simulated ? 'The simulator needs no publishable key' : 'From STRIPE_PUBLISHABLE_KEY'}
            />
            <ModeRow
              label="Session mode"
              mode={check.mode}
              hint={simulated ? 'The simulator always runs in test mode' : 'What Stripe reports for the secret key'}
            />
            <div className="flex items-start justify-between gap-4 py-3">
              <dt className="font-medium text-gray-900">Session ID</dt>
              <dd className="font-mono text-xs break-all text-gray-800" title={check.sessionId}>
                {shortSessionId(check.sessionId)}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      {mismatch ? (
        <Notice tone="error" title="Mode Mismatch">
          The keys and the session are not all in the same mode (secret key {check.keyMode.toUpperCase()}, public key {check.publicKeyMode.toUpperCase()},
          session {check.mode.toUpperCase()}). Use keys from the same mode of the same Stripe account, or checkout will fail.
        </Notice>
      ) : (
        <Notice tone="success" title="Modes are consistent">
          {simulated ? 'The simulator runs entirely in test mode.' : `Keys and session all run in ${check.mode.toUpperCase()} mode.`}
        </Notice>
      )}

      {!simulated && check.publicKeyMode === 'missing' ? (
        <Notice tone="warning" title="Publishable key missing">
          STRIPE_PUBLISHABLE_KEY is not set, so the checkout page cannot load Stripe's card form.
        </Notice>
      ) : null}

      {check.realCharges ? (
        <Notice tone="warning" title="Payment processing: LIVE">
          Real charges are being made: shoppers' cards are charged for every order.
        </Notice>
      ) : (
        <Notice tone="info" title={simulated ? 'Payment processing: simulated' : 'Payment processing: TEST'}>
          No real charges are made. {simulated ? 'Payments go through the built-in card simulator.' : 'Only Stripe test cards are accepted.'}
        </Notice>
      )}
    </div>
  );
}
