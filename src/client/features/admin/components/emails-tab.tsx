import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { OUTBOX_PAGE_SIZE, type OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useOutboxEmails } from '../api/get-outbox-emails.ts';
import { Pager } from './pager.tsx';
import { useLastPageWhenShrunk } from './use-list-page.ts';

const statusVariant = { stored: 'secondary', sent: 'success', failed: 'destructive' } as const;

function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One message; its body is shown on demand, the HTML in a sandboxed frame that can run nothing. */
function OutboxMessage({ email }: { email: OutboxEmail }) {
  const [view, setView] = useState<'closed' | 'html' | 'text'>('closed');
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words text-gray-900">{email.subject}</p>
          <p className="text-sm break-all text-gray-600">To {email.recipient}</p>
          <p className="text-xs text-gray-500">
            {formatDateTime(email.createdAt)} · {email.kind}
          </p>
          {email.error ? <p className="text-sm text-red-700">{email.error}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant={statusVariant[email.status]}>{email.status}</Badge>
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
  const [page, setPage] = useState(1);
  const emails = useOutboxEmails(page);
  const list = emails.data?.items ?? [];
  useLastPageWhenShrunk(page, setPage, emails.data?.total, OUTBOX_PAGE_SIZE);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle>Email Outbox</CardTitle>
          <CardDescription>Order confirmations, fulfilment and shipping messages. Without an SMTP server they are kept here.</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => emails.refetch()} disabled={emails.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {emails.isLoading ? (
          <Spinner label="Loading e-mails" />
        ) : emails.isError ? (
          <p role="alert" className="text-red-700">
            {emails.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="text-gray-600">No e-mails yet.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {list.map((email) => (
              <OutboxMessage key={email.id} email={email} />
            ))}
          </ul>
        )}
        <Pager
          label="E-mail pages"
          page={page}
          pageSize={OUTBOX_PAGE_SIZE}
          total={emails.data?.total ?? 0}
          onPageChange={setPage}
          busy={emails.isPlaceholderData}
        />
      </CardContent>
    </Card>
  );
}
