import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, newsletterSubscribers } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The profile's marketing box and the newsletter list (decision 056): the box signs the account's
// address up through the double opt-in, and unticking it takes the address off the list.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowOf = async (email: string) => (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const mailsTo = (to: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));

describe("the profile's marketing box", () => {
  it('signs the account up unconfirmed with its source and sentence, sending the confirmation link and no marketing yet', async () => {
    const me = await t.signIn({ email: 'keen.player@example.com' });
    expect(await rowOf('keen.player@example.com')).toBeUndefined();

    const optIn = await me.inject({ method: 'PATCH', url: '/api/user', payload: { marketingConsent: true } });
    expect(optIn.statusCode).toBe(200);
    expect(await rowOf('keen.player@example.com')).toMatchObject({
      status: 'unconfirmed',
      source: 'account',
      consentText: 'Send me news and offers by e-mail',
      userId: me.id,
    });
    expect(await mailsTo('keen.player@example.com', 'newsletter-confirm')).toHaveLength(1);
    expect(await mailsTo('keen.player@example.com', 'newsletter-welcome')).toEqual([]);
  });

  it('takes the address off the list when unticked, and leaves the list alone when only the name is saved', async () => {
    const me = await t.signIn({ email: 'changed.mind@example.com' });
    await me.inject({ method: 'PATCH', url: '/api/user', payload: { marketingConsent: true } });
    await me.inject({ method: 'PATCH', url: '/api/user', payload: { fullName: 'Chris Changed' } });
    expect((await rowOf('changed.mind@example.com'))?.status).toBe('unconfirmed');

    const optOut = await me.inject({ method: 'PATCH', url: '/api/user', payload: { marketingConsent: false } });
    expect(optOut.json()).toMatchObject({ marketingConsent: false });
    const row = await rowOf('changed.mind@example.com');
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribedAt).not.toBeNull();
  });
});
