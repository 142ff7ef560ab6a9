import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The sign-in schemas are zod/mini (light for the /auth page); these pin the rules and the exact
// messages the server answers with, the same ones the full zod library gave.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function post(url: string, payload: unknown) {
  // JSON whatever the value: a bare string or array is still a JSON body
  const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  return { status: response.statusCode, body: response.json() as { message: string; issues?: unknown[] } };
}
const issuesFor = async (url: string, payload: unknown) => (await post(url, payload)).body.issues;

describe('sign-in input messages', () => {
  it('login: required fields, trimming, length limits', async () => {
    expect(await issuesFor('/api/login', {})).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    expect(await post('/api/login', { username: '   ', password: 'x' })).toEqual({
      status: 400,
      body: { message: 'Invalid input: username: Username is required', issues: [{ path: 'username', message: 'Username is required' }] },
    });
    expect(await issuesFor('/api/login', { username: 'a'.repeat(255), password: 'p'.repeat(201) })).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    await t.signIn({ username: 'bob', password: 'secret-password-1' });
    const login = await post('/api/login', { username: ' bob ', password: 'secret-password-1', extra: 1 });
    expect(login.status).toBe(200);
  });

  it('a body that is not an object gets the full library English message', async () => {
    expect(await issuesFor('/api/login', 'text')).toEqual([{ path: '', message: 'Invalid input: expected object, received string' }]);
    expect(await issuesFor('/api/register', [])).toEqual([{ path: '', message: 'Invalid input: expected object, received array' }]);
  });

  it('register: every rule with its message, e-mail stored lowercase', async () => {
    expect(await issuesFor('/api/register', { username: 'ab', password: 'short', email: 'x' })).toEqual([
      { path: 'username', message: 'Username must be at least 3 characters' },
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(await issuesFor('/api/register', { username: 'a'.repeat(51), password: 'p'.repeat(201), email: '  ' })).toEqual([
      { path: 'username', message: 'Username must be at most 50 characters' },
      { path: 'password', message: 'Password must be at most 200 characters' },
      { path: 'email', message: 'Email is required' },
    ]);
    expect(await issuesFor('/api/register', { username: 'bad$name', password: 1, email: 3 })).toEqual([
      { path: 'username', message: 'Username may contain only letters, digits, dots, dashes and underscores' },
      { path: 'password', message: 'Password is required' },
      { path: 'email', message: 'Email is required' },
    ]);
    const registered = await post('/api/register', { username: ' good.name-1 ', password: 'a long enough passphrase 42', email: ' Foo@Example.COM ' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ username: 'good.name-1', email: 'foo@example.com' });
  });
});
