import { describe, expect, it } from 'vitest';
import { LoginInput, RegisterInput } from '#common/schemas/accounts.ts';
import { HttpError, parseInput } from '#server/http/errors.ts';

// The sign-in schemas are zod/mini (light for the /auth page); these pin the rules and the exact
// messages the server answers with, the same ones the full zod library gave.
function issuesFor(schema: Parameters<typeof parseInput>[0], value: unknown) {
  try {
    parseInput(schema, value);
  } catch (error) {
    if (error instanceof HttpError) return { message: error.message, issues: error.issues };
    throw error;
  }
  return undefined;
}

describe('sign-in input messages', () => {
  it('login: required fields, trimming, length limits', () => {
    expect(issuesFor(LoginInput, {})?.issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    expect(issuesFor(LoginInput, { username: '   ', password: 'x' })).toEqual({
      message: 'Invalid input: username: Username is required',
      issues: [{ path: 'username', message: 'Username is required' }],
    });
    expect(issuesFor(LoginInput, { username: 'a'.repeat(101), password: 'p'.repeat(201) })?.issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    expect(parseInput(LoginInput, { username: ' bob ', password: 'secret', extra: 1 })).toEqual({ username: 'bob', password: 'secret' });
  });

  it('a body that is not an object gets the full library English message', () => {
    expect(issuesFor(LoginInput, 'text')?.issues).toEqual([{ path: '', message: 'Invalid input: expected object, received string' }]);
    expect(issuesFor(RegisterInput, [])?.issues).toEqual([{ path: '', message: 'Invalid input: expected object, received array' }]);
  });

  it('register: every rule with its message, e-mail stored lowercase', () => {
    expect(issuesFor(RegisterInput, { username: 'ab', password: 'short', email: 'x' })?.issues).toEqual([
      { path: 'username', message: 'Username must be at least 3 characters' },
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(issuesFor(RegisterInput, { username: 'a'.repeat(51), password: 'p'.repeat(201), email: '  ' })?.issues).toEqual([
      { path: 'username', message: 'Username must be at most 50 characters' },
      { path: 'password', message: 'Password must be at most 200 characters' },
      { path: 'email', message: 'Email is required' },
    ]);
    expect(issuesFor(RegisterInput, { username: 'bad$name', password: 1, email: 3 })?.issues).toEqual([
      { path: 'username', message: 'Username may contain only letters, digits, dots, dashes and underscores' },
      { path: 'password', message: 'Password is required' },
      { path: 'email', message: 'Email is required' },
    ]);
    expect(parseInput(RegisterInput, { username: ' good.name-1 ', password: 'longenough', email: ' Foo@Example.COM ' })).toEqual({
      username: 'good.name-1',
      password: 'longenough',
      email: 'foo@example.com',
    });
  });
});
