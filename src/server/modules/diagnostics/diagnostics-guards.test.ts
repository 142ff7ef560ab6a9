import { afterAll, beforeAll, describe, it } from 'vitest';
import { emailOutbox, orders } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('diagnostics guards', () => {
  it('refuses anonymous (401) and regular users (403) on every diagnostics route, creating no order and sending no e-mail', async () => {
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/stripe-mode-check?t=1' },
        { method: 'GET', url: '/api/stripe-webhook-check?t=1' },
        { method: 'POST', url: '/api/test-payment-flow', payload: { amount: 5.49 } },
        { method: 'POST', url: '/api/test-order-email' },
        { method: 'POST', url: '/api/test-order-email', payload: { customerName: 'x' } },
        { method: 'GET', url: '/api/order-confirmation-test/paid-order' },
      ],
      async () => [await t.db.select().from(orders), await t.db.select().from(emailOutbox)],
    );
  });
});
