import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword } from './passwords.ts';

type AdminBootstrapResult = { kind: 'env'; username: string } | { kind: 'generated'; username: string; password: string; file: string } | { kind: 'none' };

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD create or reset that admin at every start;
 * otherwise an empty user table gets `admin` with a random one-time password, written to
 * DATA_DIR/admin-password.txt (0600). Never a fixed default password.
 */
export async function bootstrapAdmin(db: Database, config: Config, dataDir: string): Promise<AdminBootstrapResult> {
  if (config.ADMIN_PASSWORD) {
    const username = config.ADMIN_USERNAME ?? 'admin';
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    const email = config.ADMIN_EMAIL?.toLowerCase() ?? null;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (existing) {
      await db
        .update(users)
        .set({ passwordHash, role: 'owner', ...(email && { email }) })
        .where(eq(users.id, existing.id));
    } else {
      await db.insert(users).values({ username, email, passwordHash, role: 'owner' });
    }
    return { kind: 'env', username };
  }

  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return { kind: 'none' };

  const username = config.ADMIN_USERNAME ?? 'admin';
  const password = randomBytes(12).toString('base64url');
  await db.insert(users).values({
    username,
    email: config.ADMIN_EMAIL?.toLowerCase() ?? null,
    passwordHash: await hashPassword(password),
    role: 'owner',
  });
  const file = path.join(dataDir, 'admin-password.txt');
  await writeFile(file, `username: ${username}\npassword: ${password}\n`, { mode: 0o600 });
  return { kind: 'generated', username, password, file };
}
