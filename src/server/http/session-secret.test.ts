import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { LEGACY_SECRET_FILE, loadSessionSecret } from './session-secret.ts';

let t: TestApp;
let dirs: string[];
beforeAll(async () => {
  t = await createTestApp();
  dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'secret-test-'))));
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  await t.close();
});

describe('loadSessionSecret', () => {
  it('adopts an existing DATA_DIR secret file, then gives every instance the same secret', async () => {
    await writeFile(path.join(dirs[0]!, LEGACY_SECRET_FILE), 'secret-from-before-the-upgrade-0123456789\n');
    const [a, b] = await Promise.all([loadSessionSecret(t.db, { dataDir: dirs[0]! }), loadSessionSecret(t.db, { dataDir: dirs[1]! })]);
    // whichever started first stored its value: the file's, or a fresh one the file-less instance made
    expect(a).toBe(b);
    expect(await loadSessionSecret(t.db, { dataDir: dirs[1]! })).toBe(a);
    expect(await t.db.select().from(appSecrets)).toHaveLength(1);
  });

  it('keeps the stored secret over a file found later, and SESSION_SECRET over both', async () => {
    await t.db.delete(appSecrets);
    const first = await loadSessionSecret(t.db, { dataDir: dirs[1]! });
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(await loadSessionSecret(t.db, { dataDir: dirs[0]! })).toBe(first);
    expect(await loadSessionSecret(t.db, { dataDir: dirs[0]!, configured: 'x'.repeat(40) })).toBe('x'.repeat(40));
  });

  it('stores the file value when the table is empty (an upgraded shop keeps its sessions)', async () => {
    await t.db.delete(appSecrets);
    expect(await loadSessionSecret(t.db, { dataDir: dirs[0]! })).toBe('secret-from-before-the-upgrade-0123456789');
  });
});
