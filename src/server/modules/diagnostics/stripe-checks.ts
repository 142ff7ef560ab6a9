import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { REQUIRED_WEBHOOK_EVENTS, type StripeModeCheck, type StripeWebhookCheck, type WebhookEndpointInfo } from '#common/schemas/diagnostics.ts';
import type { Config } from '#server/config.ts';
import { type DomainError, providerFailed } from '#server/errors/domain-errors.ts';
import { publishableKeyMode, secretKeyMode, webhookSecretFormat } from './key-modes.ts';
import { sameWebhookUrl, shopWebhookUrl } from './webhook-url.ts';

type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PUBLIC_URL'>;

/** What the checks look at: the simulator, or Stripe with a stripe-node client. */
export type PaymentSetup = { provider: 'simulated'; config: StripeConfig } | { provider: 'stripe'; config: StripeConfig; stripe: Stripe };

// the most endpoints a Stripe account can have is 16; a generous bound keeps a broken API from looping
const MAX_ENDPOINTS = 100;

function stripeFailure(what: string, error: unknown): DomainError {
  const reason = error instanceof Error ? error.message : String(error);
  return providerFailed(`Stripe could not ${what}: ${reason}`);
}

/**
 * Payment mode check. With Stripe, the session mode is what Stripe itself says
 * about the key (the balance read is free and changes nothing) and the session id is that
 * request's id. The simulator answers truthfully: test mode, no real charges.
 */
export async function checkStripeMode(setup: PaymentSetup, now = new Date()): Promise<StripeModeCheck> {
  const { config } = setup;
  if (setup.provider === 'simulated') {
    return {
      provider: 'simulated',
      keyMode: 'simulated',
      publicKeyMode: 'simulated',
      mode: 'test',
      sessionId: `sim_${randomBytes(12).toString('hex')}`,
      webhookSecretConfigured: Boolean(config.STRIPE_WEBHOOK_SECRET),
      realCharges: false,
      timestamp: now.toISOString(),
    };
  }
  let balance: Stripe.Response<Stripe.Balance>;
  try {
    balance = await setup.stripe.balance.retrieve();
  } catch (error) {
    throw stripeFailure('check the secret key', error);
  }
  const mode = balance.livemode ? 'live' : 'test';
  return {
    provider: 'stripe',
    keyMode: secretKeyMode(config.STRIPE_SECRET_KEY),
    publicKeyMode: publishableKeyMode(config.STRIPE_PUBLISHABLE_KEY),
    mode,
    sessionId: balance.lastResponse?.requestId || `chk_${randomBytes(12).toString('hex')}`,
    webhookSecretConfigured: Boolean(config.STRIPE_WEBHOOK_SECRET),
    realCharges: mode === 'live',
    timestamp: now.toISOString(),
  };
}

function describeEndpoint(endpoint: Stripe.WebhookEndpoint, shopUrl: string): WebhookEndpointInfo {
  const events = endpoint.enabled_events ?? [];
  const urlMatches = sameWebhookUrl(endpoint.url, shopUrl);
  const missingEvents = events.includes('*') ? [] : REQUIRED_WEBHOOK_EVENTS.filter((event) => !events.includes(event));
  return {
    id: endpoint.id,
    url: endpoint.url,
    status: endpoint.status,
    livemode: endpoint.livemode,
    created: new Date(endpoint.created * 1000).toISOString(),
    // Stripe shows an endpoint's signing secret only when it is created, so a listed one rarely has it
    hasSecret: Boolean(endpoint.secret),
    enabledEvents: events,
    urlMatches,
    missingEvents,
    matches: urlMatches && missingEvents.length === 0,
  };
}

/**
 * Webhook check: the signing secret's presence and format, and the account's
 * endpoints, those pointing at this shop with both required events counted as matching.
 */
export async function checkStripeWebhooks(setup: PaymentSetup, requestOrigin: string, now = new Date()): Promise<StripeWebhookCheck> {
  const { config } = setup;
  const webhookEndpoint = shopWebhookUrl(config.PUBLIC_URL, requestOrigin);
  const base = {
    webhookSecretConfigured: Boolean(config.STRIPE_WEBHOOK_SECRET),
    webhookSecretFormat: webhookSecretFormat(config.STRIPE_WEBHOOK_SECRET),
    webhookEndpoint,
    requiredEvents: [...REQUIRED_WEBHOOK_EVENTS],
    timestamp: now.toISOString(),
  };
  if (setup.provider === 'simulated') {
    // the simulator finishes payments itself: there is no Stripe account to ask
    return { provider: 'simulated', ...base, totalWebhooks: 0, matchingWebhooks: 0, webhooks: [] };
  }
  let endpoints: Stripe.WebhookEndpoint[];
  try {
    endpoints = await setup.stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: MAX_ENDPOINTS });
  } catch (error) {
    throw stripeFailure('list the webhook endpoints', error);
  }
  const webhooks = endpoints.map((endpoint) => describeEndpoint(endpoint, webhookEndpoint));
  return {
    provider: 'stripe',
    ...base,
    totalWebhooks: webhooks.length,
    matchingWebhooks: webhooks.filter((webhook) => webhook.matches).length,
    webhooks,
  };
}
