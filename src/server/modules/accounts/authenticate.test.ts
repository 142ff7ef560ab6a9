import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { authenticate } from './accounts-service.ts';
import { verifyAgainstDummy } from './passwords.ts';

// An unknown username must cost a full scrypt check too, or response times would tell which
// usernames exist. Asserted on the call, not on a clock: timing in tests is noise on a busy machine.
vi.mock('./passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords.ts')>();
  return { ...original, verifyAgainstDummy: vi.fn(original.verifyAgainstDummy) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authenticate', () => {
  it('runs a dummy password check for an unknown username and answers null', async () => {
    vi.mocked(verifyAgainstDummy).mockClear();
    await expect(authenticate(t.db, { username: 'nobody-here', password: 'whatever123' })).resolves.toBeNull();
    expect(verifyAgainstDummy).toHaveBeenCalledTimes(1);
  });

  it('checks the real hash for a known username, without the dummy', async () => {
    const me = await t.signIn();
    vi.mocked(verifyAgainstDummy).mockClear();
    await expect(authenticate(t.db, { username: me.username, password: 'wrong password' })).resolves.toBeNull();
    await expect(authenticate(t.db, { username: me.username, password: me.password })).resolves.toMatchObject({ id: me.id });
    expect(verifyAgainstDummy).not.toHaveBeenCalled();
  });
});
