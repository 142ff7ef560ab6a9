import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { startFakeSmtp, waitFor, type FakeSmtp } from './testing/fake-smtp.ts';

// The e-mail queue (decision 022) on this run's database: PGlite, or PostgreSQL with DATABASE_URL.
let smtp: FakeSmtp;
let t: TestApp;
let admin: SignedIn;
const queueEnv = () => ({ SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0.5', MAIL_RETRY_LIMIT: '1', MAIL_RETRY_DELAY_SECONDS: '1' });

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp(queueEnv());
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const message = (to: string, subject = 'Hello') => ({ kind: 'test', to, subject, html: `<p>${subject}</p>`, text: subject });
const statusOf = async (id: number) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const deliveredTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

describe('the e-mail queue', () => {
  it('answers at once with a queued e-mail, which the worker sends and marks sent', async () => {
    const result = await t.services.mail.send(message('queued@example.com'));
    expect(result.status).toBe('queued');
    await waitFor(async () => (await statusOf(result.outboxId)).status === 'sent', 'the e-mail to be sent');
    const row = await statusOf(result.outboxId);
    expect(row).toMatchObject({ attempts: 1, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(deliveredTo('queued@example.com')).toHaveLength(1);
    expect(deliveredTo('queued@example.com')[0]!.messageId).toMatch(new RegExp(`^<outbox-${result.outboxId}-`));
  });

  it('writes nothing when the caller’s transaction rolls back: no row, no job, no e-mail', async () => {
    let outboxId = 0;
    await expect(
      t.db.transaction(async (tx) => {
        outboxId = (await t.services.mail.send(message('rolled-back@example.com'), tx)).outboxId;
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId))).toEqual([]);
    const jobs = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'outboxId' = ${String(outboxId)}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(jobs.rows[0]!.n).toBe(0);
    // a later e-mail goes out, and still nothing to the rolled-back address
    const later = await t.services.mail.send(message('after-rollback@example.com'));
    await waitFor(async () => (await statusOf(later.outboxId)).status === 'sent', 'the later e-mail');
    expect(deliveredTo('rolled-back@example.com')).toEqual([]);
  });

  it('retries a refused e-mail with backoff, then marks it failed with the reason; Retry sends it once', async () => {
    smtp.refusePrefix = 'refused';
    const result = await t.services.mail.send(message('refused@example.com'));
    await waitFor(async () => (await statusOf(result.outboxId)).status === 'failed', 'the e-mail to fail', 60_000);
    const failed = await statusOf(result.outboxId);
    expect(failed.attempts).toBe(2); // the first try and MAIL_RETRY_LIMIT=1 retry
    expect(failed.error).toContain('Mailbox unavailable');

    const list = await admin.inject({ method: 'GET', url: '/api/admin/emails?status=failed' });
    expect(list.json()).toContainEqual(expect.objectContaining({ id: result.outboxId, status: 'failed', attempts: 2 }));

    smtp.refusePrefix = null;
    const retried = await admin.inject({ method: 'POST', url: `/api/admin/emails/${result.outboxId}/retry` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: result.outboxId, status: 'queued', error: null });
    // pressed again before the worker ran, or after: never a second job
    const again = await admin.inject({ method: 'POST', url: `/api/admin/emails/${result.outboxId}/retry` });
    expect(again.statusCode).toBe(409);
    await waitFor(async () => (await statusOf(result.outboxId)).status === 'sent', 'the retried e-mail');
    expect(deliveredTo('refused@example.com')).toHaveLength(1);
    expect((await statusOf(result.outboxId)).attempts).toBe(3);
  });

  it('refuses Retry for an unknown, a sent or a malformed id, and for non-admins', async () => {
    expect((await admin.inject({ method: 'POST', url: '/api/admin/emails/999999/retry' })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'POST', url: '/api/admin/emails/abc/retry' })).statusCode).toBe(400);
    const sent = await t.services.mail.send(message('done@example.com'));
    await waitFor(async () => (await statusOf(sent.outboxId)).status === 'sent', 'the e-mail');
    const res = await admin.inject({ method: 'POST', url: `/api/admin/emails/${sent.outboxId}/retry` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a failed e-mail can be retried; this one is sent');
    const shopper = await t.signIn();
    expect((await shopper.inject({ method: 'POST', url: `/api/admin/emails/${sent.outboxId}/retry` })).statusCode).toBe(403);
  });

  it('sends each e-mail exactly once with two instances on one database', async () => {
    const second = await createTestApp(queueEnv(), { shareDatabaseWith: t });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 20; i += 1) ids.push((await (i % 2 ? second : t).services.mail.send(message(`pair${i}@example.com`))).outboxId);
      await waitFor(async () => {
        const rows = await t.db.select({ status: emailOutbox.status }).from(emailOutbox).where(inArray(emailOutbox.id, ids));
        return rows.every((row) => row.status === 'sent');
      }, 'all 20 e-mails to be sent');
      for (let i = 0; i < 20; i += 1) expect(deliveredTo(`pair${i}@example.com`), `pair${i}`).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('without SMTP', () => {
  it('keeps e-mails as stored and refuses Retry with a clear 409', async () => {
    const plain = await createTestApp();
    try {
      const owner = await plain.signIn({ admin: true });
      const result = await plain.services.mail.send(message('kept@example.com'));
      expect(result.status).toBe('stored');
      const res = await owner.inject({ method: 'POST', url: `/api/admin/emails/${result.outboxId}/retry` });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('E-mails cannot be sent: SMTP_URL is not set');
    } finally {
      await plain.close();
    }
  });
});
