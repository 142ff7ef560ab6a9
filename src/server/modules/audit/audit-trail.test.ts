import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#common/schemas/admin-audit.ts';
import { addProduct } from '#server/test/checkout-fixtures.ts';
import { REDACTED, redactedSummary } from './audit-redaction.ts';
import { newRequestId, paidSimulatedOrder } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn({ admin: true, username: 'audit-owner' });
});
afterAll(() => t.close());

/**
 * The newest entries matching a query, as the audit log reads them, once there are at least `count`: an entry is
 * written after its answer has left, so on PostgreSQL's pool the next read can overtake it.
 */
async function entries(query: string, count = 1): Promise<AuditEntry[]> {
  return vi.waitFor(
    async () => {
      const res = await owner.inject({ method: 'GET', url: `/api/admin/audit?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json() as AuditEntry[];
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    },
    { timeout: 5_000, interval: 50 },
  );
}

describe('the audit trail records each kind of admin write with the fields it changed', () => {
  it('a product price and stock change: before and after, who, from where', async () => {
    const product = await addProduct(t.db, { name: 'Audit Paddle', price: '99.00', stock: 4 });
    const res = await owner.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { price: '89.50', stock: 7 },
      headers: { 'user-agent': 'audit-test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(`entity=product&entityId=${product.id}`);
    expect(entry).toMatchObject({
      method: 'PATCH',
      route: '/api/products/:id',
      action: 'products.update',
      entityType: 'product',
      entityId: String(product.id),
      status: 200,
      userAgent: 'audit-test',
      actor: { userId: owner.id, username: 'audit-owner' },
    });
    expect(entry!.ip).toBeTruthy();
    expect(entry!.changes).toMatchObject({ price: { before: 99, after: 89.5 }, stock: { before: 4, after: 7 } });
    // only what changed
    expect(Object.keys(entry!.changes!)).not.toContain('name');
  });

  it('a refund: the order refunded total before and after', async () => {
    const { orderId } = await paidSimulatedOrder(t);
    const res = await owner.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      payload: { kind: 'full', reason: 'Damaged', requestId: newRequestId() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(`entity=order&entityId=${orderId}`);
    expect(entry).toMatchObject({ action: 'orders.refunds.create', status: 200 });
    expect(entry!.changes!.refunded_total!.before).toBe(0);
    expect(Number(entry!.changes!.refunded_total!.after)).toBeGreaterThan(0);
    expect(entry!.changes!.payment_status).toEqual({ before: 'succeeded', after: 'refunded' });
  });

  it('settings: the contact details that changed', async () => {
    await owner.inject({ method: 'POST', url: '/api/contact-info', payload: { email: 'before@example.com', phone: '555-0100' } });
    const res = await owner.inject({ method: 'POST', url: '/api/contact-info', payload: { email: 'after@example.com', phone: '555-0100' } });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries('entity=contact-info', 2);
    expect(entry!.changes).toEqual({ email: { before: 'before@example.com', after: 'after@example.com' } });
  });

  it('a coupon: created (id from the answer), changed, deleted', async () => {
    const payload = { code: 'AUDIT10', type: 'percentage', amount: 10, usageLimit: 0, isActive: true };
    const created = await owner.inject({ method: 'POST', url: '/api/coupons', payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    await owner.inject({ method: 'PATCH', url: `/api/coupons/${id}`, payload: { ...payload, amount: 15 } });
    await owner.inject({ method: 'DELETE', url: `/api/coupons/${id}` });
    const [deleted, changed, made] = await entries(`entity=coupon&entityId=${id}`, 3);
    expect(made).toMatchObject({ action: 'coupons.create', status: 201 });
    expect(made!.changes!.code).toEqual({ before: null, after: 'AUDIT10' });
    expect(changed).toMatchObject({ action: 'coupons.update' });
    expect(changed!.changes!.amount).toEqual({ before: 10, after: 15 });
    expect(deleted).toMatchObject({ action: 'coupons.delete' });
    expect(deleted!.changes!.code).toEqual({ before: 'AUDIT10', after: null });
  });

  it("a shipping zone's states (named by :zoneId) and the support refund limit", async () => {
    const created = await owner.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Audited', usStates: ['OR'] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const changed = await owner.inject({ method: 'PUT', url: `/api/admin/shipping/zones/${id}`, payload: { name: 'Audited', usStates: ['OR', 'WA'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = await entries(`entity=shipping-zone&entityId=${id}`, 2);
    expect(entry!.changes!.us_states).toEqual({ before: ['OR'], after: ['OR', 'WA'] });

    const limit = await owner.inject({ method: 'PUT', url: '/api/admin/staff/refund-limit', payload: { limitCents: 2_500 } });
    expect(limit.statusCode, limit.body).toBe(204);
    const [limitEntry] = await entries('entity=security-settings');
    // a new shop has no settings row until the first save: its before is empty
    expect(limitEntry!.changes!.support_refund_limit_cents).toMatchObject({ after: 2_500 });
  });

  it("a user's admin flag", async () => {
    const shopper = await t.signIn({ username: 'audit-shopper' });
    const res = await owner.inject({ method: 'PATCH', url: `/api/users/${shopper.id}/admin`, payload: { isAdmin: true } });
    expect(res.statusCode, res.body).toBe(200);
    // the shopper's own sign-in is an entry on the same user: ask for the flag's change
    const [entry] = await entries(`entity=user&entityId=${shopper.id}&action=users.update`);
    expect(entry!.changes!.is_admin).toEqual({ before: false, after: true });
    // never a password hash, in the diff or anywhere in the entry
    expect(JSON.stringify(entry)).not.toMatch(/scrypt|password_hash/);
  });

  it('a refused write by a signed-in non-admin is recorded with its status; an anonymous one is not', async () => {
    const shopper = await t.signIn({ username: 'audit-intruder' });
    const product = await addProduct(t.db, { price: '10.00' });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/products/${product.id}`, payload: { price: '0.01' } })).statusCode).toBe(401);
    expect((await shopper.inject({ method: 'PATCH', url: `/api/products/${product.id}`, payload: { price: '0.01' } })).statusCode).toBe(403);
    const found = await entries(`entity=product&entityId=${product.id}`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: 403, actor: { username: 'audit-intruder' }, changes: null });
  });
});

describe('any admin route, without the route doing anything', () => {
  it('is recorded with its action and outcome, also when it refuses (no entity fields to compare)', async () => {
    const res = await owner.inject({ method: 'POST', url: '/api/admin/open-holds/987654/release' });
    expect(res.statusCode).toBe(404);
    const [entry] = await entries('action=open-holds.release.create');
    expect(entry).toMatchObject({
      route: '/api/admin/open-holds/:id/release',
      status: 404,
      entityType: null,
      entityId: '987654',
      changes: null,
      actor: { username: 'audit-owner' },
      request: { params: { id: 987654 } },
    });
  });
});

describe('sign-ins', () => {
  it('records a success and a failure, never the password', async () => {
    const user = await t.signIn({ username: 'audit-signin' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'audit-signin', password: 'not the password at all' } });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'audit-signin', password: user.password } });
    expect(right.statusCode).toBe(200);
    const [success, failure] = await entries('action=sign-in.&actor=audit-signin', 3);
    expect(success).toMatchObject({ action: 'sign-in.succeeded', status: 200, actor: { userId: user.id, username: 'audit-signin' } });
    expect(failure).toMatchObject({ action: 'sign-in.failed', status: 401, actor: { userId: null, username: 'audit-signin' } });
    expect(failure!.request).toEqual({ body: { username: 'audit-signin', password: '[redacted]' } });
    const stored = await t.db.execute(
      sql`select count(*)::integer as n from audit_events where request::text like ${`%${user.password}%`} or request::text like '%not the password%'`,
    );
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe('redaction', () => {
  it('keeps passwords, tokens, codes and card data out of the summary, and caps long texts and lists', () => {
    const summary = redactedSummary({
      username: 'dana',
      password: 'hunter2',
      loginToken: 'tok_1',
      code: '123456',
      card: { number: '4242424242424242' },
      note: 'x'.repeat(5000),
      list: Array.from({ length: 50 }, (_, i) => i),
    }) as Record<string, unknown>;
    expect(summary).toMatchObject({ username: 'dana', password: REDACTED, loginToken: REDACTED, code: REDACTED, card: REDACTED });
    expect(JSON.stringify(summary)).not.toMatch(/hunter2|tok_1|123456|4242/);
    expect(String(summary.note).length).toBeLessThan(300);
    expect(summary.list).toHaveLength(21);
    // a coupon's code is no secret: its routes keep it
    expect(redactedSummary({ code: 'SPRING10' }, { keepFields: new Set(['code']) })).toEqual({ code: 'SPRING10' });
  });
});

describe('append-only', () => {
  it('the database refuses to change, delete or empty an entry', async () => {
    for (const statement of ['update audit_events set status = 200', 'delete from audit_events', 'truncate audit_events']) {
      const refusal = await t.db.execute(sql.raw(statement)).then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
      expect(refusal, statement).toMatch(/append-only/);
    }
  });
});

describe('GET /api/admin/audit', () => {
  it('pages with X-Total-Count and Link, filters by date range and free text, and is for admins only', async () => {
    for (const code of ['PAGE1', 'PAGE2', 'PAGE3']) {
      await owner.inject({ method: 'POST', url: '/api/coupons', payload: { code, type: 'fixed', amount: 1, usageLimit: 0, isActive: true } });
    }
    await entries('q=PAGE', 3);
    const page = await owner.inject({ method: 'GET', url: '/api/admin/audit?q=PAGE&pageSize=2&page=1' });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');
    expect((page.json() as AuditEntry[]).map((entry) => (entry.request!.body as { code: string }).code)).toEqual(['PAGE3', 'PAGE2']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await entries(`q=PAGE&from=${tomorrow}`, 0)).toEqual([]);
    const bad = await owner.inject({ method: 'GET', url: '/api/admin/audit?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    const shopper = await t.signIn();
    expect((await shopper.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('exports the same filters as CSV with before → after', async () => {
    const res = await owner.inject({ method: 'GET', url: '/api/admin/audit/export.csv?action=coupons.update' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('occurred_at,actor,role,ip,method,route,action,entity,entity_id,status,changes,request,user_agent');
    expect(lines.slice(1).some((line) => line.includes('amount: 10 → 15'))).toBe(true);
  });
});

describe('when the audit table cannot be written', () => {
  it('the write still succeeds, and the failure is logged and counted', async () => {
    // this one entry cannot be inserted, whenever its insert runs; every other entry can
    await t.db.execute(sql.raw(`alter table audit_events add constraint audit_fault check (request::text not like '%NOAUDIT%') not valid`));
    try {
      const res = await owner.inject({
        method: 'POST',
        url: '/api/coupons',
        payload: { code: 'NOAUDIT', type: 'fixed', amount: 1, usageLimit: 0, isActive: true },
      });
      expect(res.statusCode, res.body).toBe(201);
      await vi.waitFor(
        async () => {
          const list = await owner.inject({ method: 'GET', url: '/api/admin/audit?q=NOAUDIT' });
          expect(list.json()).toEqual([]);
          expect(Number(list.headers['x-audit-write-failures'])).toBe(1);
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await t.db.execute(sql.raw('alter table audit_events drop constraint audit_fault'));
    }
    const coupon = await owner.inject({ method: 'GET', url: '/api/coupons' });
    expect(coupon.body).toContain('NOAUDIT');
  });
});
