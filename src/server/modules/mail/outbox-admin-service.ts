import { desc } from 'drizzle-orm';
import { OUTBOX_LIST_LIMIT, type OutboxEmail } from '#common/schemas/admin.ts';
import type { Database } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';

/** The admin "emails" tab: the latest messages the shop wrote, newest first. */
export async function listOutbox(db: Database, limit = OUTBOX_LIST_LIMIT): Promise<OutboxEmail[]> {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    error: row.error,
    html: row.html,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}
