import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryPromise } from '#common/delivery-promise.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// GET /api/shipping/promise, the product page's delivery line (docs/decisions/062), on this run's database.
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const promise = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/shipping/promise' });
  expect(res.statusCode, res.body).toBe(200);
  return DeliveryPromise.parse(res.json());
};

describe('the delivery promise', () => {
  it("follows the site settings without zones, then the first zone's first active delivery method", async () => {
    expect(await promise()).toEqual({ freeOverCents: 5000, cutoffTime: null, dispatch: null, minBusinessDays: 3, maxBusinessDays: 5 });

    const zone = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Lower 48', usStates: ['TX', 'OR'] } });
    expect(zone.statusCode, zone.body).toBe(201);
    const methods = `/api/admin/shipping/zones/${zone.json().id}/methods`;
    const base = { kind: 'delivery', minBusinessDays: 1, maxBusinessDays: 3 };
    await admin.inject({
      method: 'POST',
      url: methods,
      payload: { ...base, name: 'Pickup', kind: 'pickup', cutoffTime: null, rate: { basis: 'flat', priceCents: 0, freeOverCents: null } },
    });
    const ground = await admin.inject({
      method: 'POST',
      url: methods,
      payload: { ...base, name: 'Ground', cutoffTime: '14:00', rate: { basis: 'flat', priceCents: 799, freeOverCents: 7500 } },
    });
    expect(ground.statusCode, ground.body).toBe(201);

    const answer = await promise();
    expect(answer).toMatchObject({ freeOverCents: 7500, cutoffTime: '14:00', minBusinessDays: 1, maxBusinessDays: 3 });
    expect(['today', 'tomorrow', 'Monday']).toContain(answer.dispatch);
  });
});
