import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeModeCheck, StripeWebhookCheck } from '#common/schemas/diagnostics.ts';
import { DomainError } from '#server/errors/domain-errors.ts';
import { createStripeClient } from '#server/modules/payments/payment-service.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { checkStripeMode, checkStripeWebhooks, type PaymentSetup } from './stripe-checks.ts';

// The payment mode and webhook checks, against the simulator and against Stripe
// (the real stripe-node client talking to the local fake). Two apps answer over HTTP; the key and
// secret variations run the same checks with their own configuration.

let fake: FakeStripe;
let simulatedApp: TestApp;
let stripeApp: TestApp;
let simulatedAdmin: SignedIn;
let stripeAdmin: SignedIn;
const OURS = 'https://shop.example/api/stripe/webhook';

beforeAll(async () => {
  fake = await startFakeStripe();
  simulatedApp = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  stripeApp = await createTestApp({
    STRIPE_API_BASE: fake.url,
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    PUBLIC_URL: 'https://shop.example',
  });
  simulatedAdmin = await simulatedApp.signIn({ admin: true });
  stripeAdmin = await stripeApp.signIn({ admin: true });
});
afterAll(async () => {
  await Promise.all([simulatedApp?.close(), stripeApp?.close()]);
  await fake?.close();
});

async function stripeSetup(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  PUBLIC_URL?: string;
  base?: string;
}): Promise<PaymentSetup> {
  const config = { STRIPE_SECRET_KEY: 'sk_test_fake', PUBLIC_URL: 'https://shop.example', ...env };
  return { provider: 'stripe', config, stripe: await createStripeClient({ ...config, STRIPE_API_BASE: env.base ?? fake.url }) };
}

function withEndpoints(add: () => void, run: () => Promise<void>): Promise<void> {
  add();
  return run().finally(() => {
    fake.webhookEndpoints.length = 0;
  });
}

describe('GET /api/stripe-mode-check', () => {
  it('says truthfully that the simulator is active: test mode, no real charges, a fresh sim_ id each time', async () => {
    const res = await simulatedAdmin.inject({ url: `/api/stripe-mode-check?t=${Date.now()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const first = StripeModeCheck.parse(res.json());
    const second = StripeModeCheck.parse((await simulatedAdmin.inject({ url: '/api/stripe-mode-check' })).json());
    expect(first).toMatchObject({
      provider: 'simulated',
      keyMode: 'simulated',
      publicKeyMode: 'simulated',
      mode: 'test',
      webhookSecretConfigured: false,
      realCharges: false,
    });
    expect(first.sessionId).toMatch(/^sim_[0-9a-f]{24}$/);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(Math.abs(Date.parse(first.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(fake.requests.filter((request) => request.path === '/v1/balance')).toHaveLength(0);
  });

  it('with Stripe test keys: test mode, Stripe request id as the session id, nothing created', async () => {
    const before = fake.intents.size;
    const res = await stripeAdmin.inject({ url: `/api/stripe-mode-check?cacheBust=${Math.random()}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const check = StripeModeCheck.parse(res.json());
    expect(check).toMatchObject({
      provider: 'stripe',
      keyMode: 'test',
      publicKeyMode: 'test',
      mode: 'test',
      webhookSecretConfigured: true,
      realCharges: false,
    });
    expect(check.sessionId).toMatch(/^req_/);
    expect(fake.intents.size).toBe(before);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance', authorization: 'Bearer sk_test_fake' });
  });

  it('reports live keys in live mode, where real charges are made', async () => {
    const check = await checkStripeMode(await stripeSetup({ STRIPE_SECRET_KEY: 'sk_live_fake', STRIPE_PUBLISHABLE_KEY: 'pk_live_fake' }));
    expect(check).toMatchObject({ keyMode: 'live', publicKeyMode: 'live', mode: 'live', webhookSecretConfigured: false, realCharges: true });
  });

  it('reads restricted keys like secret keys', async () => {
    expect(await checkStripeMode(await stripeSetup({ STRIPE_SECRET_KEY: 'rk_live_fake' }))).toMatchObject({ keyMode: 'live', mode: 'live' });
    expect(await checkStripeMode(await stripeSetup({ STRIPE_SECRET_KEY: 'rk_test_fake' }))).toMatchObject({ keyMode: 'test', mode: 'test' });
  });

  it('shows mismatched keys as they are: live secret key, test publishable key', async () => {
    const check = await checkStripeMode(await stripeSetup({ STRIPE_SECRET_KEY: 'sk_live_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' }));
    expect(check).toMatchObject({ keyMode: 'live', publicKeyMode: 'test', mode: 'live' });
  });

  it('takes the session mode from Stripe, not from the key prefix', async () => {
    fake.balanceLivemode = false;
    try {
      const check = await checkStripeMode(await stripeSetup({ STRIPE_SECRET_KEY: 'sk_live_fake', STRIPE_PUBLISHABLE_KEY: 'pk_live_fake' }));
      expect(check).toMatchObject({ keyMode: 'live', publicKeyMode: 'live', mode: 'test', realCharges: false });
    } finally {
      fake.balanceLivemode = null;
    }
  });

  it('says when the publishable key is missing or not a Stripe key', async () => {
    expect(await checkStripeMode(await stripeSetup({}))).toMatchObject({ keyMode: 'test', publicKeyMode: 'missing' });
    expect(await checkStripeMode(await stripeSetup({ STRIPE_SECRET_KEY: 'sk_fake', STRIPE_PUBLISHABLE_KEY: 'pk_fake' }))).toMatchObject({
      keyMode: 'unknown',
      publicKeyMode: 'unknown',
    });
  });

  it('is a 502 naming what failed when Stripe cannot be reached, never a 500', async () => {
    const failure = await checkStripeMode(await stripeSetup({ base: 'http://127.0.0.1:9' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ kind: 'provider-failed', message: expect.stringMatching(/^Stripe could not check the secret key: /) });
  });
});

describe('GET /api/stripe-webhook-check', () => {
  it('with the simulator lists no Stripe webhooks (there is no account to ask) and still checks the secret variable', async () => {
    await withEndpoints(
      () => fake.addWebhookEndpoint({ url: OURS }),
      async () => {
        const res = await simulatedAdmin.inject({ url: '/api/stripe-webhook-check?_=123' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(StripeWebhookCheck.parse(res.json())).toMatchObject({
          provider: 'simulated',
          webhookSecretConfigured: false,
          webhookSecretFormat: 'not provided',
          webhookEndpoint: OURS,
          totalWebhooks: 0,
          matchingWebhooks: 0,
          webhooks: [],
          requiredEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
        });
      },
    );
  });

  it('with Stripe and no endpoints: a valid secret, nothing to match', async () => {
    const res = await stripeAdmin.inject({ url: `/api/stripe-webhook-check?nocache=${Date.now()}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(StripeWebhookCheck.parse(res.json())).toMatchObject({
      provider: 'stripe',
      webhookSecretConfigured: true,
      webhookSecretFormat: 'valid',
      webhookEndpoint: OURS,
      totalWebhooks: 0,
      matchingWebhooks: 0,
      webhooks: [],
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/webhook_endpoints' });
  });

  it('reports a missing secret as not provided and a malformed one as invalid', async () => {
    expect(await checkStripeWebhooks(await stripeSetup({}), 'http://x')).toMatchObject({ webhookSecretConfigured: false, webhookSecretFormat: 'not provided' });
    expect(await checkStripeWebhooks(await stripeSetup({ STRIPE_WEBHOOK_SECRET: 'sk_test_not_a_webhook_secret' }), 'http://x')).toMatchObject({
      webhookSecretConfigured: true,
      webhookSecretFormat: 'invalid',
    });
    expect(await checkStripeWebhooks(await stripeSetup({ STRIPE_WEBHOOK_SECRET: 'whsec_' }), 'http://x')).toMatchObject({ webhookSecretFormat: 'invalid' });
  });

  it('counts the endpoints pointing at this shop with both required events as matching', async () => {
    let ids: Record<string, string> = {};
    await withEndpoints(
      () => {
        ids = {
          good: fake.addWebhookEndpoint({ url: OURS, created: 1_700_000_000 }).id,
          everything: fake.addWebhookEndpoint({ url: `${OURS}/`, enabled_events: ['*'], status: 'disabled', livemode: true }).id,
          missingFailed: fake.addWebhookEndpoint({ url: OURS, enabled_events: ['payment_intent.succeeded', 'charge.refunded'] }).id,
          elsewhere: fake.addWebhookEndpoint({ url: 'https://other.example/api/stripe/webhook' }).id,
        };
      },
      async () => {
        const res = await stripeAdmin.inject({ url: '/api/stripe-webhook-check' });
        const check = StripeWebhookCheck.parse(res.json());
        expect(check).toMatchObject({ webhookEndpoint: OURS, totalWebhooks: 4, matchingWebhooks: 2 });
        const byId = new Map(check.webhooks.map((webhook) => [webhook.id, webhook]));
        expect(byId.get(ids.good!)).toEqual({
          id: ids.good,
          url: OURS,
          status: 'enabled',
          livemode: false,
          created: '2023-11-14T22:13:20.000Z',
          hasSecret: false,
          enabledEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
          urlMatches: true,
          missingEvents: [],
          matches: true,
        });
        expect(byId.get(ids.everything!)).toMatchObject({ status: 'disabled', livemode: true, urlMatches: true, missingEvents: [], matches: true });
        expect(byId.get(ids.missingFailed!)).toMatchObject({ urlMatches: true, missingEvents: ['payment_intent.payment_failed'], matches: false });
        expect(byId.get(ids.elsewhere!)).toMatchObject({ urlMatches: false, missingEvents: [], matches: false });
      },
    );
  });

  it('reports endpoints that are not this shop as non-matching', async () => {
    await withEndpoints(
      () => {
        fake.addWebhookEndpoint({ url: 'https://old-shop.example/api/stripe/webhook' });
        fake.addWebhookEndpoint({ url: 'https://shop.example/hooks', enabled_events: ['charge.succeeded'] });
      },
      async () => {
        expect(await checkStripeWebhooks(await stripeSetup({}), 'http://x')).toMatchObject({ totalWebhooks: 2, matchingWebhooks: 0 });
      },
    );
  });

  it('lists every endpoint across pages', async () => {
    await withEndpoints(
      () => {
        for (let i = 0; i < 120; i += 1) fake.addWebhookEndpoint({ url: `https://shop${i}.example/api/stripe/webhook` });
      },
      async () => {
        const check = await checkStripeWebhooks(await stripeSetup({}), 'http://x');
        // bounded at 100: Stripe allows 16 per account, so more means something else is wrong
        expect(check.totalWebhooks).toBe(100);
        expect(new Set(check.webhooks.map((webhook) => webhook.id)).size).toBe(100);
      },
    );
  });

  it('without PUBLIC_URL expects the webhook at the origin the admin used', async () => {
    await withEndpoints(
      () => fake.addWebhookEndpoint({ url: 'http://localhost:3000/api/stripe/webhook' }),
      async () => {
        const check = await checkStripeWebhooks(await stripeSetup({ PUBLIC_URL: undefined }), 'http://localhost:3000');
        expect(check).toMatchObject({ webhookEndpoint: 'http://localhost:3000/api/stripe/webhook', matchingWebhooks: 1 });
      },
    );
  });

  it('is a 502 naming what failed when Stripe cannot be reached', async () => {
    const failure = await checkStripeWebhooks(await stripeSetup({ base: 'http://127.0.0.1:9' }), 'http://x').catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'provider-failed', message: expect.stringMatching(/^Stripe could not list the webhook endpoints: /) });
  });
});
