import { count, desc } from 'drizzle-orm';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { OutboxEmail, OutboxListQuery } from '#common/schemas/admin-outbox.ts';
import type { Database } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { offsetOf } from '#server/http/page-headers.ts';

/** The admin "emails" tab: one page of the messages the shop wrote, newest first, and how many there are. */
export async function listOutbox(db: Database, query: OutboxListQuery): Promise<Page<OutboxEmail>> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(query.pageSize).offset(offsetOf(query)),
    db.select({ total: count() }).from(emailOutbox),
  ]);
  return { items: rows.map(toOutboxEmail), total: counted?.total ?? 0 };
}

function toOutboxEmail(row: typeof emailOutbox.$inferSelect): OutboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    error: row.error,
    html: row.html,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
