import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '#common/schemas/admin-audit.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { Database } from '#server/db/client.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { auditEvents } from '#server/db/schema.ts';
import { toCsv } from '#server/http/csv.ts';
import { offsetOf } from '#server/http/page-headers.ts';

type AuditFilters = Omit<AuditListQuery, 'page' | 'pageSize'>;

/** The most rows one export holds: past it, narrow the range (the file says so in its last row). */
const CSV_ROW_LIMIT = 50_000;

function conditions(filters: AuditFilters): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filters.actor) where.push(sql`lower(${auditEvents.actorUsername}) = lower(${filters.actor})`);
  // an action or its start: "coupons." finds every coupon change
  if (filters.action)
    where.push(or(eq(auditEvents.action, filters.action), sql`${auditEvents.action} like ${`${filters.action.replace(/[\\%_]/g, '\\$&')}%`}`));
  if (filters.entity) where.push(eq(auditEvents.entityType, filters.entity));
  if (filters.entityId) where.push(eq(auditEvents.entityId, filters.entityId));
  if (filters.from) where.push(gte(auditEvents.occurredAt, filters.from));
  if (filters.to) where.push(lt(auditEvents.occurredAt, filters.to));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    where.push(
      or(
        ilike(auditEvents.actorUsername, pattern),
        ilike(auditEvents.action, pattern),
        ilike(auditEvents.route, pattern),
        ilike(auditEvents.entityId, pattern),
        ilike(auditEvents.ip, pattern),
        sql`${auditEvents.changes}::text ilike ${pattern}`,
        sql`${auditEvents.request}::text ilike ${pattern}`,
      ),
    );
  }
  return and(...where);
}

function toEntry(row: typeof auditEvents.$inferSelect): AuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: { userId: row.actorUserId, username: row.actorUsername, role: row.actorRole },
    ip: row.ip,
    userAgent: row.userAgent,
    method: row.method,
    route: row.route,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    status: row.status,
    request: row.request,
    changes: row.changes,
  };
}

/** One page of the trail, newest first. */
export async function listAuditEvents(db: Database, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const where = conditions(query);
  const [rows, [count]] = await Promise.all([
    db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id)).limit(query.pageSize).offset(offsetOf(query)),
    db
      .select({ total: sql<number>`count(*)::integer` })
      .from(auditEvents)
      .where(where),
  ]);
  return { items: rows.map(toEntry), total: count?.total ?? 0 };
}

const CSV_HEADER = ['occurred_at', 'actor', 'role', 'ip', 'method', 'route', 'action', 'entity', 'entity_id', 'status', 'changes', 'request', 'user_agent'];

/** The trail under the same filters as CSV, newest first; each change as "field: before → after". */
export async function auditCsv(db: Database, filters: AuditFilters): Promise<{ csv: string; count: number }> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(conditions(filters))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(CSV_ROW_LIMIT + 1);
  const cells = rows.slice(0, CSV_ROW_LIMIT).map((row) => [
    row.occurredAt.toISOString(),
    row.actorUsername,
    row.actorRole,
    row.ip,
    row.method,
    row.route,
    row.action,
    row.entityType,
    row.entityId,
    row.status,
    Object.entries(row.changes ?? {})
      .map(([field, change]) => `${field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`)
      .join('; '),
    row.request ? JSON.stringify(row.request) : '',
    row.userAgent,
  ]);
  if (rows.length > CSV_ROW_LIMIT) cells.push([`only the newest ${CSV_ROW_LIMIT} entries: narrow the dates for the rest`]);
  return { csv: toCsv(CSV_HEADER, cells), count: Math.min(rows.length, CSV_ROW_LIMIT) };
}
