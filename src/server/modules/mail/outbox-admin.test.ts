import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const message = (n: number, createdAt: Date) => ({
  kind: 'test',
  recipient: `r${n}@example.com`,
  subject: `Message ${n}`,
  html: `<p>${n}</p>`,
  text: `${n}`,
  createdAt,
});

describe('GET /api/admin/emails', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(t, [{ method: 'GET', url: '/api/admin/emails' }], () => t.db.select().from(emailOutbox));
  });

  it('answers the newest 100 messages, newest first, with their bodies and status', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    await t.db.insert(emailOutbox).values(Array.from({ length: 105 }, (_, i) => message(i, new Date(start + i * 60_000))));
    await t.db.insert(emailOutbox).values({ ...message(999, new Date(start + 200 * 60_000)), status: 'failed', error: 'connection refused' });
    const res = await admin.inject({ url: '/api/admin/emails' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = (res.json() as unknown[]).map((row) => OutboxEmail.parse(row));
    expect(list).toHaveLength(100);
    expect(list[0]).toMatchObject({ recipient: 'r999@example.com', status: 'failed', error: 'connection refused', html: '<p>999</p>', text: '999' });
    expect(list[1]!.subject).toBe('Message 104');
    expect(list[99]!.subject).toBe('Message 6');
    expect(res.headers['x-total-count']).toBe('106');
  });

  it('answers the older messages page by page, and 400 for a bad page', async () => {
    const second = await admin.inject({ url: '/api/admin/emails?page=2' });
    expect((second.json() as OutboxEmail[]).map((row) => row.subject)).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1', 'Message 0']);
    const small = await admin.inject({ url: '/api/admin/emails?page=3&pageSize=2' });
    expect((small.json() as OutboxEmail[]).map((row) => row.subject)).toEqual(['Message 101', 'Message 100']);
    expect(small.headers['x-total-count']).toBe('106');
    expect((await admin.inject({ url: '/api/admin/emails?page=54&pageSize=2' })).json()).toEqual([]);
    expect((await admin.inject({ url: '/api/admin/emails?pageSize=201' })).statusCode).toBe(400);
    expect((await admin.inject({ url: '/api/admin/emails?page=-1' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/emails filters', () => {
  const subjects = async (query: string) => {
    const res = await admin.inject({ url: `/api/admin/emails?${query}` });
    expect(res.statusCode).toBe(200);
    return { subjects: (res.json() as OutboxEmail[]).map((row) => row.subject), total: res.headers['x-total-count'] };
  };

  it('searches recipient and subject in any case', async () => {
    expect(await subjects('q=R104%40EXAMPLE')).toEqual({ subjects: ['Message 104'], total: '1' });
    expect((await subjects('q=message%2010')).total).toBe('6'); // Message 10, 100..104
  });

  it('filters by status and by date', async () => {
    expect(await subjects('status=failed')).toEqual({ subjects: ['Message 999'], total: '1' });
    expect((await subjects('status=stored')).total).toBe('105');
    expect((await subjects('from=2026-01-02')).total).toBe('0');
    expect((await subjects('to=2025-12-31')).total).toBe('0');
    expect((await subjects('from=2026-01-01&to=2026-01-01&status=stored&q=message%201')).total).toBe('16'); // 1, 10-19, 100-104
  });

  it.each([
    ['status=bounced', 'status: status must be one of stored, queued, sent, failed'],
    ['from=2026-13-01', 'from: from must be a date (YYYY-MM-DD) or a date and time with an offset'],
    ['from=2026-01-02&to=2026-01-01', 'to: to must not be before from'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await admin.inject({ url: `/api/admin/emails?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid list query: ${message}`);
  });
});
