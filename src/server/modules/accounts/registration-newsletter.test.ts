import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, newsletterSubscribers, users } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The registration's newsletter box (decision 056): `newsletter: true` signs the new account's address up
// with source 'registration' through the same double opt-in as the footer; without it nothing changes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowOf = async (email: string) => (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const mailsTo = (to: string, kind: string) =>
  t.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, kind)));
const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/register', payload });

describe('registering with the newsletter box', () => {
  it('signs the address up unconfirmed with source registration and sends only the confirmation link', async () => {
    const response = await register({
      username: 'keen_new',
      password: 'a long enough password',
      email: 'Keen.New@example.com',
      marketingConsent: true,
      newsletter: true,
    });
    expect(response.statusCode).toBe(201);
    const [account] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'keen_new'));
    expect(await rowOf('keen.new@example.com')).toMatchObject({
      status: 'unconfirmed',
      source: 'registration',
      consentText: 'Send me news and offers by e-mail',
      userId: account!.id,
    });
    expect(await mailsTo('keen.new@example.com', 'newsletter-confirm')).toHaveLength(1);
    expect(await mailsTo('keen.new@example.com', 'newsletter-welcome')).toEqual([]);
  });

  it("answers the spec's registration unchanged and leaves the list alone without the box, or with it unticked", async () => {
    const plain = await register({ username: 'plain_new', password: 'a long enough password', email: 'plain.new@example.com' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ username: 'plain_new', email: 'plain.new@example.com', marketingConsent: false, isAdmin: false });
    const unticked = await register({ username: 'unticked_new', password: 'a long enough password', email: 'unticked.new@example.com', newsletter: false });
    expect(unticked.statusCode).toBe(201);
    expect(await rowOf('plain.new@example.com')).toBeUndefined();
    expect(await rowOf('unticked.new@example.com')).toBeUndefined();
    expect(await mailsTo('unticked.new@example.com', 'newsletter-confirm')).toEqual([]);
  });

  it('refuses a newsletter field that is not true or false with a 400', async () => {
    const response = await register({ username: 'odd_new', password: 'a long enough password', email: 'odd.new@example.com', newsletter: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Newsletter must be true or false');
    expect(await rowOf('odd.new@example.com')).toBeUndefined();
  });

  it('leaves a confirmed subscriber subscribed and unmailed when they register with the box', async () => {
    await register({ username: 'first_new', password: 'a long enough password', email: 'twice.new@example.com', newsletter: true });
    await t.db.update(newsletterSubscribers).set({ status: 'subscribed', confirmNonce: null }).where(eq(newsletterSubscribers.email, 'twice.new@example.com'));
    // the address is taken now: the second registration is refused and signs nothing up again
    const again = await register({ username: 'second_new', password: 'a long enough password', email: 'twice.new@example.com', newsletter: true });
    expect(again.statusCode).toBe(409);
    expect((await rowOf('twice.new@example.com'))?.status).toBe('subscribed');
    expect(await mailsTo('twice.new@example.com', 'newsletter-confirm')).toHaveLength(1);
  });
});
