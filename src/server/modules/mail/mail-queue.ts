import PgBoss from 'pg-boss';
import type { Config } from '#server/config.ts';
import type { Database, DatabaseHandle, Transaction } from '#server/db/client.ts';
import { drizzleExecutor } from './sql-executor.ts';

const EMAIL_QUEUE = 'email';

interface EmailJob {
  outboxId: number;
}

/** Sends one outbox e-mail; `final` is its last try. Throws to have it retried later. */
type DeliverEmail = (outboxId: number, final: boolean) => Promise<void>;

export interface MailQueue {
  /** Writes the job on `db` (the caller's transaction, so it commits with the outbox row). */
  enqueue(db: Database | Transaction, outboxId: number): Promise<void>;
  /** Creates pg-boss's schema if needed and, unless `work` is false, starts this instance's worker. */
  start(options?: { work?: boolean }): Promise<void>;
  /** Stops taking jobs and waits for the sends in flight (graceful shutdown). */
  stop(): Promise<void>;
  /** E-mails waiting to be sent (created or waiting for a retry); null before the queue has started. */
  depth(): Promise<number | null>;
}

type QueueConfig = Pick<
  Config,
  'MAIL_RETRY_LIMIT' | 'MAIL_RETRY_DELAY_SECONDS' | 'MAIL_SEND_TIMEOUT_SECONDS' | 'MAIL_POLL_SECONDS' | 'MAIL_MAINTENANCE_SECONDS'
>;

/**
 * The e-mail job queue on the shop's own database (pg-boss, decision 022): jobs are claimed with
 * SKIP LOCKED, so on several instances each job goes to one worker; retries back off exponentially;
 * a job whose worker died (crash, kill) expires after MAIL_SEND_TIMEOUT_SECONDS and is tried again.
 */
export function createMailQueue({
  config,
  database,
  deliver,
  log,
}: {
  config: QueueConfig;
  database: Pick<DatabaseHandle, 'executeSql'>;
  deliver: DeliverEmail;
  log: { error(message: string): void };
}): MailQueue {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    // no cron schedules: their clock checks would only add polling
    schedule: false,
    maintenanceIntervalSeconds: config.MAIL_MAINTENANCE_SECONDS,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error(`e-mail queue: ${error.message}`));
  let started: Promise<void> | null = null;

  return {
    async enqueue(db, outboxId) {
      const job: EmailJob = { outboxId };
      await boss.send(EMAIL_QUEUE, job, { db: drizzleExecutor(db) as PgBoss.Db });
    },
    start({ work = true } = {}) {
      started ??= (async () => {
        await boss.start();
        await boss.createQueue(EMAIL_QUEUE, {
          name: EMAIL_QUEUE,
          retryLimit: config.MAIL_RETRY_LIMIT,
          retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
          retryBackoff: true,
          expireInSeconds: config.MAIL_SEND_TIMEOUT_SECONDS,
        });
        // createQueue keeps an existing queue's policy: a changed setting applies from the next start
        await boss.updateQueue(EMAIL_QUEUE, {
          name: EMAIL_QUEUE,
          retryLimit: config.MAIL_RETRY_LIMIT,
          retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
          retryBackoff: true,
          expireInSeconds: config.MAIL_SEND_TIMEOUT_SECONDS,
        });
        if (!work) return;
        await boss.work<EmailJob>(EMAIL_QUEUE, { pollingIntervalSeconds: config.MAIL_POLL_SECONDS, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          await deliver(job.data.outboxId, job.retryCount >= job.retryLimit);
        });
      })();
      return started;
    },
    async depth() {
      if (!started) return null;
      await started;
      return boss.getQueueSize(EMAIL_QUEUE);
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      // within the 30 s graceful shutdown (http/shutdown.ts); a send cut off is retried by the next instance
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    },
  };
}
