import { z } from 'zod';
import { pageFields } from './admin-lists.ts';

export const OUTBOX_PAGE_SIZE = 100;

/** GET /api/admin/emails: a page of the outbox. */
export const OutboxListQuery = z.object(pageFields(OUTBOX_PAGE_SIZE));
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;

export const OutboxEmail = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  error: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof OutboxEmail>;
