import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEmail } from '#common/schemas/admin.ts';
import { getJson } from '#client/lib/api-client.ts';

export const OUTBOX_URL = '/api/admin/emails';

export const getOutboxEmails = (): Promise<OutboxEmail[]> => getJson<OutboxEmail[]>(OUTBOX_URL);

// new mail arrives as orders are placed, so the tab reads afresh each time it opens
export const outboxEmailsQueryOptions = () => queryOptions({ queryKey: [OUTBOX_URL], queryFn: getOutboxEmails, staleTime: 0 });

export function useOutboxEmails() {
  return useQuery(outboxEmailsQueryOptions());
}
