import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, newsletterSubscribers } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { confirmedSubscriberId } from './newsletter-service.ts';

// The newsletter on this run's database (PGlite, or PostgreSQL with DATABASE_URL); without SMTP every
// e-mail stays in the outbox, where these tests read it.
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_RATE_LIMIT: '1000' });
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const signUp = (email: string) => t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
const mailsTo = (to: string, kind?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), kind ? eq(emailOutbox.kind, kind) : undefined))
    .orderBy(asc(emailOutbox.id));
const linkIn = (text: string, path: string) => {
  const url = new URL(new RegExp(`(https?://\\S+${path}\\S+)`).exec(text)![1]!);
  return url.pathname + url.search;
};
const CHECK_EMAIL = { message: 'Thanks! Check your e-mail and open the link we sent to confirm your subscription.' };

describe('newsletter sign-up (double opt-in)', () => {
  it('subscribes an address only once its single-use link is opened, then welcomes it with one-click unsubscribe headers', async () => {
    const res = await signUp('Player.One@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(CHECK_EMAIL);
    // unconfirmed: no marketing may go to it
    expect(await confirmedSubscriberId(t.db, 'player.one@example.com')).toBeNull();
    expect(await mailsTo('player.one@example.com', 'newsletter-welcome')).toEqual([]);

    const [confirmation] = await mailsTo('player.one@example.com', 'newsletter-confirm');
    expect(confirmation!.subject).toBe('Confirm your subscription - Pickleball Shop');
    expect(confirmation!.headers).toBeNull();
    const confirmLink = linkIn(confirmation!.text, '/api/newsletter/confirm');
    const opened = await t.app.inject({ method: 'GET', url: confirmLink });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Your subscription is confirmed');
    const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'player.one@example.com'));
    expect(row).toMatchObject({ status: 'subscribed', source: 'footer', consentText: 'E-mail me news about new gear and offers. Unsubscribe any time.' });
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    expect(await confirmedSubscriberId(t.db, 'player.one@example.com')).toBe(row!.id);

    // the link works once: opened again it confirms nothing and sends no second welcome
    const again = await t.app.inject({ method: 'GET', url: confirmLink });
    expect(again.body).toContain('This link was already used');
    const welcomes = await mailsTo('player.one@example.com', 'newsletter-welcome');
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(welcomes[0]!.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=\d+\.[\w-]+>$/);
    expect(welcomes[0]!.text).toContain('/api/newsletter/unsubscribe?token=');
  });

  it('answers a known address exactly as an unknown one, and sends a subscribed address nothing', async () => {
    await signUp('known@example.com');
    await t.app.inject({ method: 'GET', url: linkIn((await mailsTo('known@example.com', 'newsletter-confirm'))[0]!.text, '/api/newsletter/confirm') });
    const before = (await mailsTo('known@example.com')).length;
    const known = await signUp('known@example.com');
    const unknown = await signUp('stranger@example.com');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(await mailsTo('known@example.com')).toHaveLength(before);
  });

  it("takes the footer's form sent without scripts, answering with a page", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
      payload: 'email=noscript%40example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(CHECK_EMAIL.message);
    expect(await mailsTo('noscript@example.com', 'newsletter-confirm')).toHaveLength(1);
  });

  it('sends one confirmation for sign-ups repeated within minutes (no flooding an inbox)', async () => {
    await signUp('twice@example.com');
    await signUp('twice@example.com');
    expect(await mailsTo('twice@example.com', 'newsletter-confirm')).toHaveLength(1);
  });

  it('refuses a tampered link and a bad address with a 400', async () => {
    await signUp('tamper@example.com');
    const link = linkIn((await mailsTo('tamper@example.com', 'newsletter-confirm'))[0]!.text, '/api/newsletter/confirm');
    const tampered = link.replace(/token=(\d+)/, (_match, id: string) => `token=${Number(id) + 1}`);
    const res = await t.app.inject({ method: 'GET', url: tampered });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This link is not valid. Open the link from the e-mail as it was sent.');
    // a confirm link is no unsubscribe link
    expect((await t.app.inject({ method: 'POST', url: link.replace('/confirm', '/unsubscribe') })).statusCode).toBe(400);
    const bad = await signUp('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
  });
});

describe('one-click unsubscribe', () => {
  it('takes the header’s POST without a session or CSRF token, while the GET only shows a button', async () => {
    await signUp('leaver@example.com');
    await t.app.inject({ method: 'GET', url: linkIn((await mailsTo('leaver@example.com', 'newsletter-confirm'))[0]!.text, '/api/newsletter/confirm') });
    const [welcome] = await mailsTo('leaver@example.com', 'newsletter-welcome');
    const header = /^<(.+)>$/.exec(welcome!.headers!['List-Unsubscribe']!)![1]!;
    const path = new URL(header).pathname + new URL(header).search;

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(await confirmedSubscriberId(t.db, 'leaver@example.com')).not.toBeNull();

    // what a mail client sends (RFC 8058): a form body, another origin, no cookie
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await confirmedSubscriberId(t.db, 'leaver@example.com')).toBeNull();
    const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'leaver@example.com'));
    expect(row!.status).toBe('unsubscribed');
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);

    // signing up again starts over with a new confirmation
    await signUp('leaver@example.com');
    expect(await mailsTo('leaver@example.com', 'newsletter-confirm')).toHaveLength(2);
    expect(await confirmedSubscriberId(t.db, 'leaver@example.com')).toBeNull();
  });
});

describe("the owner's list", () => {
  it('counts, lists and exports the subscribers with their consent evidence, for admins only', async () => {
    const list = await admin.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers?status=subscribed' });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.counts.subscribed).toBeGreaterThanOrEqual(1);
    expect(body.items.every((item: { status: string }) => item.status === 'subscribed')).toBe(true);
    expect(body.items.map((item: { email: string }) => item.email)).toContain('player.one@example.com');

    const csv = await admin.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,status,source,consent_text,signed_up_at,confirmed_at,unsubscribed_at');
    expect(lines.find((line) => line.startsWith('player.one@example.com,subscribed,footer,'))).toBeDefined();
    expect(Number(csv.headers['x-total-count'])).toBe(lines.length - 1);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers' })).statusCode).toBe(401);
  });
});
