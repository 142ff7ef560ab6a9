import { z } from 'zod';
import { isBlank } from './admin-fields.ts';
import { checkDateRange, dateRangeFields, DEFAULT_PAGE_SIZE, pageFields, searchText } from './admin-lists.ts';

const shortText = (name: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string({ error: `${name} must be text` })
      .trim()
      .max(100, `${name} must be at most 100 characters`)
      .optional(),
  );

/**
 * GET /api/admin/audit: a page of the audit trail, newest first. `actor` is a username (exactly, any case),
 * `action` an action name or its start (`coupon.` for every coupon change), `entity` an entity type,
 * `entityId` one entity, `q` free text over who, what and the changed fields.
 */
export const AuditListQuery = z
  .object({
    ...pageFields(DEFAULT_PAGE_SIZE),
    q: searchText,
    actor: shortText('actor'),
    action: shortText('action'),
    entity: shortText('entity'),
    entityId: shortText('entityId'),
    ...dateRangeFields,
  })
  .superRefine(checkDateRange);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** One changed field: before and after as JSON values (null where it did not exist). */
const AuditChange = z.object({ before: z.unknown(), after: z.unknown() });

export const AuditEntry = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actor: z.object({ userId: z.number().int().nullable(), username: z.string().nullable(), role: z.string().nullable() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  status: z.number().int(),
  request: z.record(z.string(), z.unknown()).nullable(),
  changes: z.record(z.string(), AuditChange).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
