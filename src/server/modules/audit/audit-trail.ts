import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { auditEvents } from '#server/db/schema.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { changedFields, type Snapshot } from './audit-diff.ts';
import { redactedSummary } from './audit-redaction.ts';
import { auditTarget, type AuditTarget } from './audit-targets.ts';

/** What a route adds to its request's audit entry: who (sign-ins, before there is a session), what, which entity. */
interface AuditDetail {
  action?: string;
  actor?: { id: number | null; username: string | null; role?: string | null };
  entityType?: string;
  entityId?: string | number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Adds to this request's audit entry, and records the request even where the trail would not (sign-ins). */
    audit(detail: AuditDetail): void;
  }
}

interface PendingEntry {
  target: AuditTarget | null;
  before: Snapshot | null;
  beforeRead: boolean;
  createdId: number | null;
  detail: AuditDetail;
  explicit: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The audit trail's recording (decision 053): every state-changing admin request, from hooks, so a route added
 * by any module is recorded without it doing anything. Admin routes are those under /api/admin, those guarded by
 * requireAdmin and those in an "Admin" section of the API reference. Before the handler the target entity is read,
 * after the response it is read again and the entry written with the fields that changed. Writing happens after
 * the answer has left: a failure is logged and counted, never turned into an error for a write that succeeded.
 */
export function installAuditTrail(app: FastifyInstance, db: Database): { writeFailures: () => number } {
  const entries = new WeakMap<FastifyRequest, PendingEntry>();
  const guarded = new Set<string>();
  let failures = 0;

  const entryOf = (request: FastifyRequest): PendingEntry => {
    let entry = entries.get(request);
    if (!entry) {
      entry = { target: auditTarget(request.routeOptions.url ?? ''), before: null, beforeRead: false, createdId: null, detail: {}, explicit: false };
      entries.set(request, entry);
    }
    return entry;
  };

  app.decorateRequest('audit', function (this: FastifyRequest, detail: AuditDetail) {
    const entry = entryOf(this);
    entry.detail = { ...entry.detail, ...detail };
    entry.explicit = true;
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
    if (hooks.includes(requireAdmin)) for (const method of [route.method].flat()) guarded.add(`${method} ${route.url}`);
  });

  const isAdminWrite = (request: FastifyRequest): boolean => {
    const url = request.routeOptions.url;
    if (!WRITES.has(request.method) || !url) return false;
    const tags = (request.routeOptions.schema as { tags?: string[] } | undefined)?.tags ?? [];
    return url.startsWith('/api/admin/') || guarded.has(`${request.method} ${url}`) || tags.some((tag) => tag.startsWith('Admin'));
  };

  app.addHook('preHandler', async (request) => {
    if (!isAdminWrite(request)) return;
    const entry = entryOf(request);
    if (!entry.target) return;
    entry.before = await readSnapshot(db, request, entry.target, entityIdOf(request));
    entry.beforeRead = true;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = entries.get(request);
    // a create answers the new entity's id: that is the entity the entry names
    if (entry?.target && request.method === 'POST' && entityIdOf(request) === null && reply.statusCode < 300) entry.createdId = createdIdOf(payload);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const entry = entries.get(request);
    const adminWrite = isAdminWrite(request);
    if (!adminWrite && !entry?.explicit) return;
    // an anonymous caller knocking on admin routes is the request log's business: anyone can make unbounded numbers of them
    if (!entry?.explicit && !request.user && reply.statusCode >= 400) return;
    try {
      const pending = entry ?? entryOf(request);
      await db.insert(auditEvents).values(await entryRow(request, reply.statusCode, pending));
    } catch (error) {
      failures += 1;
      request.log.error({ err: error, auditFailed: true }, 'audit entry not written');
    }
  });

  async function entryRow(request: FastifyRequest, status: number, entry: PendingEntry) {
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    const id = entityIdOf(request) ?? entry.createdId;
    const after = entry.target && entry.beforeRead && status < 400 ? await readSnapshot(db, request, entry.target, id) : null;
    const changes = entry.target && entry.beforeRead && status < 400 ? changedFields(entry.before, after) : null;
    const user = request.user as (typeof request.user & { role?: string | null }) | null;
    const actor = entry.detail.actor ?? (user ? { id: user.id, username: user.username, role: user.role ?? null } : null);
    return {
      actorUserId: actor?.id ?? null,
      actorUsername: actor?.username ?? null,
      actorRole: actor?.role ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      requestId: String(request.id),
      method: request.method,
      route,
      action: entry.detail.action ?? actionOf(request.method, route, entityIdOf(request) !== null),
      entityType: entry.detail.entityType ?? entry.target?.entity ?? null,
      entityId: entry.detail.entityId !== undefined ? String(entry.detail.entityId) : id === null ? null : String(id),
      status,
      request: requestSummary(request, entry.target),
      changes,
    };
  }

  return { writeFailures: () => failures };
}

/** The id in the route's params, when it names one entity: `:id`, or a route's only `:<name>Id` (a shipping zone's `:zoneId`). */
function entityIdOf(request: FastifyRequest): number | null {
  const params = (request.params as Record<string, unknown> | undefined) ?? {};
  const named = Object.keys(params).filter((name) => name.endsWith('Id'));
  const id = params.id ?? (named.length === 1 ? params[named[0]!] : undefined);
  const number = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : null;
  return number !== null && Number.isSafeInteger(number) ? number : null;
}

function createdIdOf(payload: unknown): number | null {
  if (typeof payload !== 'string' || payload.length > 1_000_000) return null;
  try {
    const body = JSON.parse(payload) as { id?: unknown; product?: { id?: unknown } };
    const id = body.id ?? body.product?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** A read that fails leaves the entry without before/after; the write itself goes on. */
async function readSnapshot(db: Database, request: FastifyRequest, target: AuditTarget, id: number | null): Promise<Snapshot | null> {
  try {
    return await target.snapshot(db, id);
  } catch (error) {
    request.log.warn({ err: error }, 'audit snapshot not read');
    return null;
  }
}

/** coupons.update, orders.refunds.create, products.featured.update: the route's nouns and what the method did. */
function actionOf(method: string, route: string, hasId: boolean): string {
  const nouns = route.split('/').filter((segment) => segment !== '' && segment !== 'api' && segment !== 'admin' && !segment.startsWith(':'));
  const verb = method === 'DELETE' ? 'delete' : method === 'POST' && !(hasId && nouns.length === 1) ? 'create' : 'update';
  return [...nouns, verb].join('.');
}

function requestSummary(request: FastifyRequest, target: AuditTarget | null): Record<string, unknown> | null {
  const summary: Record<string, unknown> = {};
  const params = request.params as Record<string, unknown> | undefined;
  if (params && Object.keys(params).length > 0) summary.params = redactedSummary(params);
  if (request.body !== undefined && request.body !== null) summary.body = redactedSummary(request.body, { keepFields: target?.keepFields });
  return Object.keys(summary).length > 0 ? summary : null;
}
