import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { OutboxEmail, OutboxListQuery } from '#common/schemas/admin-outbox.ts';
import type { Database } from '#server/db/client.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { offsetOf } from '#server/http/page-headers.ts';
import type { MailService } from './mail-service.ts';

function outboxFilter(query: OutboxListQuery): SQL | undefined {
  const pattern = query.q === undefined ? undefined : likePattern(query.q);
  return and(
    pattern === undefined ? undefined : or(ilike(emailOutbox.recipient, pattern), ilike(emailOutbox.subject, pattern)),
    query.status === undefined ? undefined : eq(emailOutbox.status, query.status),
    query.from === undefined ? undefined : gte(emailOutbox.createdAt, query.from),
    query.to === undefined ? undefined : lt(emailOutbox.createdAt, query.to),
  );
}

/**
 * The admin "emails" tab: one page of the messages the shop wrote, newest first, optionally those
 * to or about a search text (recipient or subject, any case), of one status, written within a date
 * range; and how many match.
 */
export async function listOutbox(db: Database, query: OutboxListQuery): Promise<Page<OutboxEmail>> {
  const where = outboxFilter(query);
  const [rows, [counted]] = await Promise.all([
    db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(query.pageSize).offset(offsetOf(query)),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { items: rows.map(toOutboxEmail), total: counted?.total ?? 0 };
}

/** The outbox's Retry: a failed e-mail is queued again (once, however often the button is pressed). */
export async function retryOutboxEmail({ db, mail }: { db: Database; mail: MailService }, id: number): Promise<OutboxEmail> {
  if (mail.transport !== 'smtp') throw conflict('E-mails cannot be sent: SMTP_URL is not set');
  if (!(await mail.retry(id))) {
    const [row] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw notFound('E-mail not found');
    throw conflict(`Only a failed e-mail can be retried; this one is ${row.status}`);
  }
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return toOutboxEmail(row!);
}

function toOutboxEmail(row: typeof emailOutbox.$inferSelect): OutboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    sentAt: row.sentAt?.toISOString() ?? null,
    html: row.html,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
