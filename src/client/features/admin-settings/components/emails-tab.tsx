import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxEmail, type OutboxStatus } from '#common/schemas/admin-outbox.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { DateRangeFields } from '#client/components/admin/date-range-fields.tsx';
import { endOfLocalDay, isDateText, startOfLocalDay } from '#client/lib/date-range.ts';
import { ListSearch } from '#client/components/admin/list-search.tsx';
import { PagedList } from '#client/components/admin/paged-list.tsx';
import { useLastPageWhenShrunk, useUrlListState } from '#client/lib/use-list-page.ts';
import { useOutboxEmails } from '../api/get-outbox-emails.ts';
import { useRetryOutboxEmail } from '../api/retry-outbox-email.ts';

const OUTBOX_FILTER_KEYS = ['q', 'status', 'from', 'to'] as const;
const acceptOutboxFilter = (key: (typeof OUTBOX_FILTER_KEYS)[number], value: string) =>
  key === 'status' ? (OUTBOX_STATUSES as readonly string[]).includes(value) : key === 'q' ? true : isDateText(value);

const statusVariant = { stored: 'secondary', queued: 'outline', sent: 'success', failed: 'destructive' } as const;

function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One message; its body is shown on demand, the HTML in a sandboxed frame that can run nothing. */
function OutboxMessage({ email }: { email: OutboxEmail }) {
  const [view, setView] = useState<'closed' | 'html' | 'text'>('closed');
  const retry = useRetryOutboxEmail();
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words text-gray-900">{email.subject}</p>
          <p className="text-sm break-all text-gray-600">To {email.recipient}</p>
          <p className="text-xs text-gray-500">
            {formatDateTime(email.createdAt)} · {email.kind}
            {email.attempts > 0 ? ` · ${email.attempts} ${email.attempts === 1 ? 'try' : 'tries'}` : ''}
          </p>
          {email.error ? <p className="text-sm text-red-700">{email.error}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant={statusVariant[email.status]}>{email.status}</Badge>
          {email.status === 'failed' ? (
            <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate(email.id)}>
              Retry
            </Button>
          ) : null}
          <Button size="sm" variant="outline" aria-expanded={view === 'html'} onClick={() => setView(view === 'html' ? 'closed' : 'html')}>
            {view === 'html' ? 'Hide' : 'View'}
          </Button>
          <Button size="sm" variant="ghost" aria-expanded={view === 'text'} onClick={() => setView(view === 'text' ? 'closed' : 'text')}>
            Text
          </Button>
        </div>
      </div>
      {view === 'html' ? (
        <iframe title={`E-mail: ${email.subject}`} sandbox="" srcDoc={email.html} className="mt-3 h-96 w-full rounded-md border border-gray-200 bg-white" />
      ) : view === 'text' ? (
        <pre className="mt-3 max-h-96 overflow-auto rounded-md bg-gray-50 p-3 text-xs whitespace-pre-wrap text-gray-800">{email.text}</pre>
      ) : null}
    </li>
  );
}

/** The e-mail outbox: what the shop sent (or stored, without SMTP), newest first. */
export function EmailsTab() {
  const { filters, page, setFilters, setPage } = useUrlListState(OUTBOX_FILTER_KEYS, acceptOutboxFilter);
  const emails = useOutboxEmails({
    page,
    q: filters.q,
    status: filters.status as OutboxStatus | undefined,
    from: startOfLocalDay(filters.from),
    to: endOfLocalDay(filters.to),
  });
  const filtered = Object.values(filters).some(Boolean);
  useLastPageWhenShrunk(page, setPage, emails.data?.total, OUTBOX_PAGE_SIZE);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle>Email Outbox</CardTitle>
          <CardDescription>
            Order confirmations, fulfilment, shipping and stock alert messages: queued, then sent by the mail server. Without an SMTP server they are kept here.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/admin/emails/templates" className={buttonClasses('outline', 'sm')}>
            Edit e-mail templates
          </Link>
          <Button size="sm" variant="outline" onClick={() => emails.refetch()} disabled={emails.isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ListSearch
          label="Search e-mails"
          placeholder="Recipient or subject"
          value={filters.q}
          onSearch={(q) => setFilters({ ...filters, q: q || undefined })}
          onClear={filtered ? () => setFilters({}) : undefined}
        >
          <div className="grid gap-1.5 sm:w-40">
            <Label htmlFor="admin-email-status-filter">Status</Label>
            <Select
              id="admin-email-status-filter"
              value={filters.status ?? ''}
              onChange={(event) => setFilters({ ...filters, status: event.target.value || undefined })}
            >
              <option value="">All statuses</option>
              {OUTBOX_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status.charAt(0).toUpperCase() + status.slice(1)}
                </option>
              ))}
            </Select>
          </div>
          <DateRangeFields what="E-mail" from={filters.from} to={filters.to} onChange={(range) => setFilters({ ...filters, ...range })} />
        </ListSearch>
        <p className="text-sm text-gray-600" data-testid="email-count">
          {emails.data === undefined ? 'Newest first' : `${emails.data.total} e-mail(s)${filtered ? ' match' : ''}`}
        </p>
        <PagedList
          list={emails}
          loadingLabel="Loading e-mails"
          empty={filtered ? 'No e-mails match these filters.' : 'No e-mails yet.'}
          pager={{ label: 'E-mail pages', page, pageSize: OUTBOX_PAGE_SIZE, onPageChange: setPage }}
        >
          {(list) => (
            <ul className="divide-y divide-gray-100">
              {list.map((email) => (
                <OutboxMessage key={email.id} email={email} />
              ))}
            </ul>
          )}
        </PagedList>
      </CardContent>
    </Card>
  );
}
