import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { createMailService } from './mail-service.ts';
import { startFakeSmtp, waitFor, type FakeSmtp } from './testing/fake-smtp.ts';

// A killed instance loses no e-mail and sends none twice: the server runs as a child process on its
// own PostgreSQL database, is killed (SIGKILL) while an e-mail is mid-send and others wait, and a
// new instance sends the rest. PostgreSQL only: the embedded database belongs to one process.
const serverUrl = process.env.DATABASE_URL;
const mainFile = path.resolve(import.meta.dirname, '../../main.ts');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function startServer(env: Record<string, string>): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM') console.error(`server exited ${code ?? signal}:\n${output}`);
  });
  return { child, exited };
}

describe.skipIf(!serverUrl)('the e-mail queue across a crash (PostgreSQL)', () => {
  it('sends every queued e-mail exactly once after the instance sending them is killed', async () => {
    const smtp: FakeSmtp = await startFakeSmtp();
    cleanups.push(() => smtp.close());
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SEED: 'none',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      MAIL_POLL_SECONDS: '0.5',
      MAIL_RETRY_DELAY_SECONDS: '1',
      // the killed instance's job is taken over once this has passed
      MAIL_SEND_TIMEOUT_SECONDS: '3',
      MAIL_MAINTENANCE_SECONDS: '1',
    };

    // this process only writes e-mails (as a request would), on the same database; it sends none
    const database: DatabaseHandle = await openDatabase({ url: url.toString(), dataDir: null });
    cleanups.push(() => database.close());
    await database.migrate();
    const mail = createMailService({ config: loadConfig(env), db: database.db, database });
    await mail.start({ work: false });
    cleanups.push(() => mail.close());

    // the third message is held unanswered: its instance is killed mid-send
    let held = false;
    smtp.hold = () => {
      if (smtp.received.length < 2 || held) return false;
      held = true;
      return true;
    };
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push((await mail.send({ kind: 'test', to: `crash${i}@example.com`, subject: `Crash ${i}`, html: 'x', text: 'x' })).outboxId);
    }
    const first = startServer(env);
    await waitFor(() => held, 'the third e-mail to reach the mail server', 60_000);
    first.child.kill('SIGKILL');
    await first.exited;
    smtp.hold = null;
    expect(smtp.received).toHaveLength(2);

    startServer(env);
    await waitFor(
      async () => {
        const rows = await database.db.select({ status: emailOutbox.status }).from(emailOutbox).where(inArray(emailOutbox.id, ids));
        return rows.every((row) => row.status === 'sent');
      },
      'every e-mail to be sent after the restart',
      90_000,
    );
    for (let i = 0; i < 6; i += 1)
      expect(
        smtp.received.filter((m) => m.to.includes(`crash${i}@example.com`)),
        `crash${i}`,
      ).toHaveLength(1);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(6);
  }, 180_000);
});
