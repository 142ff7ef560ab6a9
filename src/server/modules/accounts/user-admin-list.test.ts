import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailList, type UserRow } from '#common/schemas/admin-users.ts';
import { users } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
// every user's id, newest first
let newestFirst: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true, username: 'boss', email: 'boss@shop.test' });
  await t.db.insert(users).values(
    Array.from({ length: 250 }, (_, i) => ({
      username: `player${String(i).padStart(3, '0')}`,
      email: i % 50 === 0 ? null : `player${i}@Club.test`.toLowerCase(),
      passwordHash: 'x',
    })),
  );
  newestFirst = (await t.db.select({ id: users.id }).from(users)).map((row) => row.id).sort((a, b) => b - a);
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await admin.inject({ url: `/api/users${query}` });
  return { res, ids: res.statusCode === 200 ? (res.json() as UserRow[]).map((user) => user.id) : [], total: res.headers['x-total-count'] };
}

describe('GET /api/users pages', () => {
  it('answers 50 newest users by default, and the count of all users', async () => {
    const { ids, total } = await list('');
    expect(ids).toEqual(newestFirst.slice(0, 50));
    expect(total).toBe(String(newestFirst.length));
  });

  it('splits at page boundaries and answers an empty page past the end', async () => {
    const last = Math.ceil(newestFirst.length / 200);
    expect((await list('?pageSize=200')).ids).toEqual(newestFirst.slice(0, 200));
    expect((await list(`?page=${last}&pageSize=200`)).ids).toEqual(newestFirst.slice(200));
    const beyond = await list(`?page=${last + 1}&pageSize=200`);
    expect(beyond.res.statusCode).toBe(200);
    expect(beyond.ids).toEqual([]);
    expect(beyond.total).toBe(String(newestFirst.length));
  });

  it('searches username and e-mail in any case', async () => {
    const byName = await list('?q=PLAYER24');
    expect((byName.res.json() as UserRow[]).map((user) => user.username)).toEqual([
      'player249',
      'player248',
      'player247',
      'player246',
      'player245',
      'player244',
      'player243',
      'player242',
      'player241',
      'player240',
      'player024',
    ]);
    // player024 by its e-mail, player24@club.test
    expect(byName.total).toBe('11');
    const byEmail = await list('?q=player7%40club');
    expect((byEmail.res.json() as UserRow[]).map((user) => user.username)).toEqual(['player007']);
    expect((await list('?q=shop.test')).total).toBe('1');
  });

  it.each(['page=0', 'pageSize=500', 'pageSize=x', `q=${'q'.repeat(201)}`])('refuses %s with 400', async (query) => {
    const res = await admin.inject({ url: `/api/users?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid list query: /);
  });

  it('keeps the e-mail export complete beyond any page', async () => {
    const { emails } = EmailList.parse((await admin.inject({ url: '/api/users/emails' })).json());
    expect(emails).toHaveLength(1 + 250 - 5);
    expect(emails).toContain('player1@club.test');
    expect(emails).toContain('player249@club.test');
  });
});
