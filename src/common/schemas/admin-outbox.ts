import { z } from 'zod';
import { isBlank } from './admin-fields.ts';
import { checkDateRange, dateRangeFields, pageFields, searchText } from './admin-lists.ts';

export const OUTBOX_PAGE_SIZE = 100;
// stored: no SMTP configured, kept here only; queued: waiting for the e-mail queue's worker (decision 022)
export const OUTBOX_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /api/admin/emails: a page of the outbox, optionally one status, a search (recipient or subject) and a date range. */
export const OutboxListQuery = z
  .object({
    ...pageFields(OUTBOX_PAGE_SIZE),
    status: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.enum(OUTBOX_STATUSES, { error: 'status must be one of stored, queued, sent, failed' }).optional(),
    ),
    q: searchText,
    ...dateRangeFields,
  })
  .superRefine(checkDateRange);
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;

export const OutboxEmail = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof OutboxEmail>;
