import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { EMAIL_TAKEN, USERNAME_TAKEN } from './accounts-service.ts';

// Registration signs the new shopper in (the spec's flow), so a taken e-mail address cannot answer like
// a free one (decision 036). What it does instead: the same 409 whatever case the address is typed in,
// nobody signed in, the address's owner told of the attempt (once a day), and few tries per client.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => t.close());

const PASSWORD = 'third-shot-drop-42';
let ip = 0;
// a fresh client address per request: the per-IP limit is tested on its own
const register = (body: { username: string; email: string }, remoteAddress = `10.8.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/register', remoteAddress, payload: { ...body, password: PASSWORD } });
const noticesTo = (email: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'registration-attempt')));

describe('registering with an e-mail address that has an account', () => {
  it("answers 409 without signing anyone in, and tells the address's owner, once a day", async () => {
    const owner = await t.signIn({ username: 'court_owner', email: 'owner@example.com' });

    const attempt = await register({ username: 'intruder_1', email: 'Owner@Example.com' });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json()).toEqual({ message: EMAIL_TAKEN });
    expect(attempt.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();

    const [notice, ...more] = await noticesTo('owner@example.com');
    expect(more).toEqual([]);
    expect(notice!.subject).toContain('Someone tried to register with your e-mail address');
    // the owner learns their own username and where to sign in (or reset the password), on the shop's address
    expect(notice!.text).toContain(`username "${owner.username}"`);
    expect(notice!.text).toContain('https://shop.example/auth');
    expect(notice!.html).toContain('href="https://shop.example/auth"');
    // nothing the person at the form typed reaches the owner's inbox
    expect(`${notice!.text}${notice!.html}`).not.toMatch(/intruder_1|third-shot-drop-42/);

    // the same answer again, and no second e-mail: the form cannot flood an inbox
    for (const username of ['intruder_2', 'intruder_3']) {
      const again = await register({ username, email: 'owner@example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: EMAIL_TAKEN });
    }
    expect(await noticesTo('owner@example.com')).toHaveLength(1);

    // the owner's own account is untouched and still signs in
    expect((await owner.inject({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ username: 'court_owner', email: 'owner@example.com' });
  });

  it('sends nothing for a free address, or when only the (public) username is taken', async () => {
    const fresh = await register({ username: 'new_player', email: 'new.player@example.com' });
    expect(fresh.statusCode).toBe(201);
    expect(await noticesTo('new.player@example.com')).toEqual([]);

    await t.signIn({ username: 'known_name', email: 'known@example.com' });
    const nameTaken = await register({ username: 'Known_Name', email: 'someone.else@example.com' });
    expect(nameTaken.statusCode).toBe(409);
    expect(nameTaken.json()).toEqual({ message: USERNAME_TAKEN });
    expect(await noticesTo('known@example.com')).toEqual([]);
    expect(await noticesTo('someone.else@example.com')).toEqual([]);
  });
});

describe('guessing addresses through the form', () => {
  it('is limited per client, taken or free alike (REGISTER_RATE_LIMIT an hour)', async () => {
    const limited = await createTestApp({ REGISTER_RATE_LIMIT: '2' });
    try {
      const guess = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: '198.51.100.7',
          payload: { username: `guess_${email.split('@')[0]}`, email, password: PASSWORD },
        });
      await limited.signIn({ email: 'taken@example.com' });
      expect((await guess('taken@example.com')).statusCode).toBe(409);
      expect((await guess('free1@example.com')).statusCode).toBe(201);
      const third = await guess('free2@example.com');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/^Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});
