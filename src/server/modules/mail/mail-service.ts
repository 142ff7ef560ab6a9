import { and, eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '#server/config.ts';
import type { Database, DatabaseHandle, Transaction } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { createMailQueue, type MailQueue } from './mail-queue.ts';

interface MailMessage {
  /** what the message is for ("order-confirmation", "test", ...): the admin outbox groups by it */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** the order an order e-mail is about, for the order's timeline */
  orderId?: number;
  /** extra headers, e.g. List-Unsubscribe */
  headers?: Record<string, string>;
}

export interface MailResult {
  outboxId: number;
  status: 'stored' | 'queued';
}

export interface DirectMailResult {
  outboxId: number;
  status: 'stored' | 'sent' | 'failed';
  error?: string;
}

export interface MailService {
  transport: 'smtp' | 'outbox';
  /**
   * Records the message in email_outbox and, with SMTP_URL, queues it for the worker, both on `db`
   * when given (the caller's transaction: the e-mail exists exactly when what it tells of does).
   * Never sends inside the request.
   */
  send(message: MailMessage, db?: Database | Transaction): Promise<MailResult>;
  /** Records the message and sends it now, answering how that went (the admin's test e-mail: a check of the mail server). */
  sendNow(message: MailMessage): Promise<DirectMailResult>;
  /** Queues a failed e-mail again (admin's Retry); false when it is not failed (already retried, sent). */
  retry(outboxId: number): Promise<boolean>;
  /** The customer's order page as a signed link, for order e-mails; absent in tests that build a bare mailer. */
  orderPageUrl?: (orderNumber: string) => string;
  /** Starts the queue's worker (with SMTP); `work: false` only prepares the queue (tests that enqueue for another instance). */
  start(options?: { work?: boolean }): Promise<void>;
  /** E-mails in the SMTP queue waiting to be sent (for /metrics); null without SMTP (nothing is queued) or before it starts. */
  queueDepth(): Promise<number | null>;
  close(): Promise<void>;
}

type MailConfig = Pick<
  Config,
  'SMTP_URL' | 'MAIL_FROM' | 'MAIL_RETRY_LIMIT' | 'MAIL_RETRY_DELAY_SECONDS' | 'MAIL_SEND_TIMEOUT_SECONDS' | 'MAIL_POLL_SECONDS' | 'MAIL_MAINTENANCE_SECONDS'
>;

/**
 * Every message lands in email_outbox (readable in the admin area). With SMTP_URL the row is
 * 'queued' and a job is written beside it; the queue's worker sends it and marks it sent, or after
 * its last try failed (decision 022). A slow or failing SMTP server never slows or fails a request.
 */
export function createMailService({
  config,
  db,
  database,
  orderPageUrl,
  log = console,
}: {
  config: MailConfig;
  db: Database;
  /** the driver itself, for pg-boss's own SQL; needed with SMTP_URL */
  database?: Pick<DatabaseHandle, 'executeSql'>;
  orderPageUrl?: (orderNumber: string) => string;
  log?: { error(message: string): void };
}): MailService {
  let transporter: Promise<Transporter> | null = null;
  // bounded, so a hung server fails a try well within MAIL_SEND_TIMEOUT_SECONDS' default; nodemailer is
  // loaded with the first e-mail sent, not by every start
  const smtp = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: config.SMTP_URL!, connectionTimeout: 30_000, socketTimeout: 60_000 }),
    ));
  const queue: MailQueue | null = config.SMTP_URL
    ? createMailQueue({
        config,
        database: database ?? missingDatabaseHandle(),
        deliver: async (outboxId, final) => deliverOutboxEmail({ db, from: config.MAIL_FROM, smtp: await smtp() }, outboxId, final),
        log,
      })
    : null;

  return {
    transport: queue ? 'smtp' : 'outbox',
    orderPageUrl,
    async send(message, on = db) {
      const insert = async (tx: Database | Transaction) => {
        const [row] = await tx
          .insert(emailOutbox)
          .values(outboxRow(message, queue ? 'queued' : 'stored'))
          .returning({ id: emailOutbox.id });
        if (queue) await queue.enqueue(tx, row!.id);
        return row!.id;
      };
      // on the shop's handle, row and job still commit together; in a caller's transaction they join it
      const outboxId = on === db && queue ? await db.transaction(insert) : await insert(on);
      return { outboxId, status: queue ? 'queued' : 'stored' };
    },
    async sendNow(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values(outboxRow(message, config.SMTP_URL ? 'queued' : 'stored'))
        .returning({ id: emailOutbox.id });
      if (!config.SMTP_URL) return { outboxId: row!.id, status: 'stored' };
      try {
        await deliverOutboxEmail({ db, from: config.MAIL_FROM, smtp: await smtp() }, row!.id, true, { rethrow: true });
        return { outboxId: row!.id, status: 'sent' };
      } catch (error) {
        return { outboxId: row!.id, status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    },
    async retry(outboxId) {
      if (!queue) return false;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailOutbox)
          .set({ status: 'queued', error: null })
          .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'failed')))
          .returning({ id: emailOutbox.id });
        if (!row) return false;
        await queue.enqueue(tx, row.id);
        return true;
      });
    },
    start: (options) => queue?.start(options) ?? Promise.resolve(),
    queueDepth: async () => (queue ? queue.depth() : null),
    async close() {
      await queue?.stop();
      const open = transporter;
      transporter = null;
      (await open?.catch(() => null))?.close();
    },
  };
}

/** A message as its outbox row, in the state it starts in. */
function outboxRow(message: MailMessage, status: 'queued' | 'stored') {
  return {
    kind: message.kind,
    orderId: message.orderId ?? null,
    recipient: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers ?? null,
    status,
  };
}

function missingDatabaseHandle(): never {
  throw new Error('createMailService: SMTP_URL needs the database handle (the queue runs pg-boss on it)');
}

/**
 * The worker's step for one job. Only a 'queued' row is sent, and it is marked sent with a
 * conditional update naming that state, so a job run twice (a retry racing a late success) sends
 * nothing the second time. The Message-ID is the row's own, so a receiver can drop the one duplicate
 * a crash between the server's "250 OK" and our update can still cause.
 */
async function deliverOutboxEmail(
  { db, from, smtp }: { db: Database; from: string; smtp: Pick<Transporter, 'sendMail'> },
  outboxId: number,
  final: boolean,
  { rethrow = !final }: { rethrow?: boolean } = {},
): Promise<void> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!row || row.status !== 'queued') return;
  try {
    await smtp.sendMail({
      from,
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers ?? undefined,
      messageId: outboxMessageId(row.id, row.createdAt, from),
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, error: reason, ...(final && { status: 'failed' as const }) })
      .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'queued')));
    if (rethrow) throw error;
    return;
  }
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, error: null })
    .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'queued')));
}

/** One Message-ID per outbox row, the same on every try. */
function outboxMessageId(id: number, createdAt: Date, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${id}-${createdAt.getTime()}@${domain}>`;
}
