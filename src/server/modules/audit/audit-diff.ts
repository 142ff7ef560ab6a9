import type { AuditChanges } from '#server/db/schema.ts';

/** A flat view of an entity: field path -> JSON value. */
export type Snapshot = Record<string, unknown>;

/**
 * The fields that differ between two snapshots of one entity, each with its before and after. A field only on one
 * side (created, deleted) has null on the other. Values are compared as JSON, so 12.5 and 12.50 from the
 * database compare equal once parsed, and objects compare by content.
 */
export function changedFields(before: Snapshot | null, after: Snapshot | null): AuditChanges | null {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = { before: was, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Nested objects as dotted paths (variants.PB-1.price), so a diff names the one field that changed. */
export function flatten(value: Record<string, unknown>, prefix = ''): Snapshot {
  const flat: Snapshot = {};
  for (const [key, field] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (field !== null && typeof field === 'object' && !Array.isArray(field)) Object.assign(flat, flatten(field as Record<string, unknown>, path));
    else flat[path] = field;
  }
  return flat;
}
