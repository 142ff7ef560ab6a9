import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OUTBOX_PAGE_SIZE, type OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { getPage, type ListPage } from './get-page.ts';

export const OUTBOX_URL = '/api/admin/emails';

export const getOutboxEmails = (page: number): Promise<ListPage<OutboxEmail>> => getPage<OutboxEmail>(OUTBOX_URL, { page, pageSize: OUTBOX_PAGE_SIZE });

// new mail arrives as orders are placed, so the tab reads afresh each time it opens
export const outboxEmailsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [OUTBOX_URL, { page }], queryFn: () => getOutboxEmails(page), staleTime: 0, placeholderData: keepPreviousData });

export function useOutboxEmails(page: number) {
  return useQuery(outboxEmailsQueryOptions(page));
}
