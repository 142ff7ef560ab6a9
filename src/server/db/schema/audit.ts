import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A changed field: its value before the request and after it (null where it did not exist). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The audit trail (decision 053): one row per state-changing admin request and per sign-in, append-only
 * (a trigger refuses UPDATE, DELETE and TRUNCATE). Who is copied as it was (id, name, role at the time) and
 * there are no foreign keys: the record outlives the account and the entity it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    actorRole: text('actor_role'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    method: text('method').notNull(),
    // the route's pattern (/api/coupons/:id), not the address: entries of one kind group together
    route: text('route').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    status: integer('status').notNull(),
    // the route's params and a redacted, size-capped summary of the body
    request: jsonb('request').$type<Record<string, unknown>>(),
    changes: jsonb('changes').$type<AuditChanges>(),
  },
  (table) => [
    index('audit_events_occurred_idx').on(table.occurredAt, table.id),
    index('audit_events_actor_idx').on(table.actorUserId, table.occurredAt),
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
    index('audit_events_action_idx').on(table.action, table.occurredAt),
  ],
);
