import type { KeyMode, WebhookSecretFormat } from '#common/schemas/diagnostics.ts';

// Stripe's key prefixes (https://docs.stripe.com/keys): secret sk_live_/sk_test_, restricted
// rk_live_/rk_test_, publishable pk_live_/pk_test_, webhook signing secrets whsec_.

export function secretKeyMode(key: string | undefined): KeyMode {
  if (!key) return 'missing';
  if (/^(sk|rk)_live_/.test(key)) return 'live';
  if (/^(sk|rk)_test_/.test(key)) return 'test';
  return 'unknown';
}

export function publishableKeyMode(key: string | undefined): KeyMode {
  if (!key) return 'missing';
  if (key.startsWith('pk_live_')) return 'live';
  if (key.startsWith('pk_test_')) return 'test';
  return 'unknown';
}

export function webhookSecretFormat(secret: string | undefined): WebhookSecretFormat {
  if (!secret) return 'not provided';
  return /^whsec_[A-Za-z0-9+/=_-]+$/.test(secret) ? 'valid' : 'invalid';
}
