import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { simulatedPaymentsWarning } from './payment-provider-warning.ts';

describe('simulatedPaymentsWarning', () => {
  it('warns loudly in production without Stripe, naming the variables to set', () => {
    const warning = simulatedPaymentsWarning(loadConfig({ NODE_ENV: 'production' }));
    expect(warning).toContain('CARD PAYMENTS ARE SIMULATED. NO MONEY IS TAKEN.');
    expect(warning).toContain('STRIPE_SECRET_KEY');
    expect(warning).toContain('REQUIRE_PAYMENT_PROVIDER=1');
  });

  it('stays quiet with Stripe configured or outside production', () => {
    expect(simulatedPaymentsWarning(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' }))).toBeNull();
    expect(simulatedPaymentsWarning(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
    expect(simulatedPaymentsWarning(loadConfig({}))).toBeNull();
  });
});

describe('REQUIRE_PAYMENT_PROVIDER', () => {
  it('refuses to start without Stripe, naming the variable', () => {
    expect(() => loadConfig({ REQUIRE_PAYMENT_PROVIDER: '1', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUIRE_PAYMENT_PROVIDER: 'true' })).toThrow(/REQUIRE_PAYMENT_PROVIDER: is set, but STRIPE_SECRET_KEY is not/);
  });

  it('starts with Stripe, and is off by default', () => {
    expect(loadConfig({ REQUIRE_PAYMENT_PROVIDER: '1', STRIPE_SECRET_KEY: 'sk_test_x' }).REQUIRE_PAYMENT_PROVIDER).toBe(true);
    expect(loadConfig({}).REQUIRE_PAYMENT_PROVIDER).toBe(false);
    expect(() => loadConfig({ REQUIRE_PAYMENT_PROVIDER: 'yes' })).toThrow(/REQUIRE_PAYMENT_PROVIDER/);
  });
});
