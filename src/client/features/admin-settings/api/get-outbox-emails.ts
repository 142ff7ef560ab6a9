import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OUTBOX_PAGE_SIZE, type OutboxEmail, type OutboxStatus } from '#common/schemas/admin-outbox.ts';
import { getPage, type ListPage } from '#client/lib/get-page.ts';

export const OUTBOX_URL = '/api/admin/emails';

/** Which page of the outbox, and its filters (from/to: the first and last instants of the chosen days). */
interface OutboxListParams {
  page: number;
  q?: string;
  status?: OutboxStatus;
  from?: string;
  to?: string;
}

const getOutboxEmails = (params: OutboxListParams): Promise<ListPage<OutboxEmail>> =>
  getPage<OutboxEmail>(OUTBOX_URL, { ...params, pageSize: OUTBOX_PAGE_SIZE });

// new mail arrives as orders are placed, so the tab reads afresh each time it opens
const outboxEmailsQueryOptions = (params: OutboxListParams) =>
  queryOptions({ queryKey: [OUTBOX_URL, params], queryFn: () => getOutboxEmails(params), staleTime: 0, placeholderData: keepPreviousData });

export function useOutboxEmails(params: OutboxListParams) {
  return useQuery(outboxEmailsQueryOptions(params));
}
