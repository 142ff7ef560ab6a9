import { useState } from 'react';
import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import { ListSearch } from '#client/components/admin/list-search.tsx';
import { PagedList } from '#client/components/admin/paged-list.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useLastPageWhenShrunk, useUrlListState } from '#client/lib/use-list-page.ts';
import { auditCsvUrl, useAuditLog } from '../api/get-audit-log.ts';
import { AuditEntryRow } from '../components/audit-entry-row.tsx';

const FILTER_KEYS = ['q', 'actor', 'action', 'entity', 'from', 'to'] as const;

// what the trail names entities, for the "What" filter; sign-ins are an action, not an entity
const ENTITIES = [
  ['product', 'Products'],
  ['brand', 'Brands'],
  ['order', 'Orders and refunds'],
  ['coupon', 'Coupons'],
  ['user', 'Users and roles'],
  ['site-settings', 'Site settings'],
  ['contact-info', 'Contact'],
  ['policies', 'Policies'],
  ['security-settings', 'Security settings'],
] as const;

/** The audit log: every admin write and sign-in, newest first, filtered and exported as CSV (decision 053). */
export default function AuditLogPage() {
  useDocumentTitle('Audit log');
  const { filters, page, setFilters, setPage } = useUrlListState(FILTER_KEYS);
  const [actor, setActor] = useState(filters.actor ?? '');
  const [action, setAction] = useState(filters.action ?? '');
  const log = useAuditLog(page, filters);
  useLastPageWhenShrunk(page, setPage, log.data?.total, DEFAULT_PAGE_SIZE);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Audit log</h1>
        <p className="mt-1 text-sm text-gray-700">Every change made in the admin, refused attempts and sign-ins. Entries cannot be edited or deleted.</p>
      </div>
      <ListSearch
        label="Search the audit log"
        placeholder="Name, action, field or value"
        value={filters.q}
        onSearch={(text) => setFilters({ ...filters, q: text || undefined, actor: actor.trim() || undefined, action: action.trim() || undefined })}
        onClear={
          filtered
            ? () => {
                setActor('');
                setAction('');
                setFilters({});
              }
            : undefined
        }
      >
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor="audit-actor">Who (username)</Label>
          <Input id="audit-actor" value={actor} onChange={(event) => setActor(event.target.value)} />
        </div>
        <div className="grid gap-1.5 sm:w-44">
          <Label htmlFor="audit-action">Action</Label>
          <Input id="audit-action" placeholder="e.g. sign-in." value={action} onChange={(event) => setAction(event.target.value)} />
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="audit-entity">What</Label>
          <Select id="audit-entity" value={filters.entity ?? ''} onChange={(event) => setFilters({ ...filters, entity: event.target.value || undefined })}>
            <option value="">Anything</option>
            {ENTITIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor="audit-from">From (UTC day)</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => setFilters({ ...filters, from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor="audit-to">To (UTC day)</Label>
          <Input id="audit-to" type="date" value={filters.to ?? ''} onChange={(event) => setFilters({ ...filters, to: event.target.value || undefined })} />
        </div>
      </ListSearch>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700" data-testid="audit-total">
          {log.data ? `${log.data.total} ${log.data.total === 1 ? 'entry' : 'entries'}` : '…'}
        </p>
        <a href={auditCsvUrl(filters)} download className={buttonClasses('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
      </div>
      <PagedList
        list={log}
        loadingLabel="Loading the audit log"
        empty={`No entries${filtered ? ' match these filters' : ' yet'}.`}
        pager={{ label: 'Audit log pages', page, pageSize: DEFAULT_PAGE_SIZE, onPageChange: setPage }}
      >
        {(entries) => (
          <ol className="grid gap-2" aria-label="Audit entries, newest first">
            {entries.map((entry) => (
              <AuditEntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </PagedList>
    </div>
  );
}
