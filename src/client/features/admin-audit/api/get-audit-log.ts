import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#common/schemas/admin-audit.ts';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import { withQuery } from '#client/lib/api-client.ts';
import { getPage } from '#client/lib/get-page.ts';

const AUDIT_URL = '/api/admin/audit';

/** The audit log's filters, as its query string and the page's address hold them. */
interface AuditFilters {
  q?: string;
  actor?: string;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
}

const auditLogOptions = (page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: [AUDIT_URL, page, filters],
    queryFn: () => getPage<AuditEntry>(AUDIT_URL, { ...filters, page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number, filters: AuditFilters) {
  return useQuery(auditLogOptions(page, filters));
}

/** The CSV export of what the filters select: a plain link, so the browser saves the server's file itself. */
export const auditCsvUrl = (filters: AuditFilters) => withQuery(`${AUDIT_URL}/export.csv`, { ...filters });
