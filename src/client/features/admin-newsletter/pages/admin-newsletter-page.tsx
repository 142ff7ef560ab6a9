import { useState } from 'react';
import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import { ListTable, PagedList } from '#client/components/admin/paged-list.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useMay } from '#client/lib/staff-permissions.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { SUBSCRIBERS_CSV_URL, useRecoveryOverview, useSubscribers } from '../api/newsletter-admin.ts';
import { ReminderSettingsForm } from '../components/reminder-settings-form.tsx';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold text-gray-900">{value ?? '…'}</dd>
    </div>
  );
}

function Subscribers() {
  const [page, setPage] = useState(1);
  const list = useSubscribers(page);
  return (
    <section aria-labelledby="subscribers-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscribers-heading" className="text-xl font-bold text-gray-900">
          Subscribers
        </h2>
        <a href={SUBSCRIBERS_CSV_URL} download className={buttonClasses('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Count label="Subscribed" value={list.data?.counts.subscribed} />
        <Count label="Awaiting confirmation" value={list.data?.counts.unconfirmed} />
        <Count label="Unsubscribed" value={list.data?.counts.unsubscribed} />
      </dl>
      <PagedList
        list={list}
        loadingLabel="Loading the subscribers"
        empty="No sign-ups yet."
        pager={{ label: 'Subscriber pages', page, pageSize: DEFAULT_PAGE_SIZE, onPageChange: setPage }}
      >
        {(subscribers) => (
          <ListTable
            head={
              <>
                <th className="px-3 py-2 font-semibold">E-mail</th>
                <th className="px-3 py-2 font-semibold">Status</th>
                <th className="hidden px-3 py-2 font-semibold sm:table-cell">Source</th>
                <th className="px-3 py-2 font-semibold">Signed up</th>
                <th className="hidden px-3 py-2 font-semibold sm:table-cell">Confirmed</th>
              </>
            }
          >
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id} className="border-t border-gray-100">
                <td className="px-3 py-2 break-all text-gray-900">{subscriber.email}</td>
                <td className="px-3 py-2">{subscriber.status}</td>
                <td className="hidden px-3 py-2 sm:table-cell">{subscriber.source}</td>
                <td className="px-3 py-2 whitespace-nowrap">{day(subscriber.signedUpAt)}</td>
                <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">{day(subscriber.confirmedAt)}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}

function Reminders() {
  const overview = useRecoveryOverview();
  // the server lets a role that reads customers see the settings, and only a settings manager change them
  const mayChange = useMay('settings.manage');
  return (
    <section aria-labelledby="reminders-heading" className="grid gap-4">
      <div>
        <h2 id="reminders-heading" className="text-xl font-bold text-gray-900">
          Checkout reminders
        </h2>
        <p className="mt-1 text-sm text-gray-700">An e-mail to shoppers who reached payment and did not pay, with a link that refills their cart.</p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:gap-3">
        <Count label="Checkouts reminded" value={overview.data?.reminded} />
        <Count label="Recovered (paid after a reminder)" value={overview.data?.recovered} />
      </dl>
      {overview.isLoading ? (
        <Spinner label="Loading the reminder settings" />
      ) : overview.isError ? (
        <p role="alert" className="text-red-700">
          {overview.error.message}
        </p>
      ) : overview.data ? (
        <ReminderSettingsForm settings={overview.data.settings} readOnly={!mayChange} />
      ) : null}
    </section>
  );
}

/** The newsletter list with its consent export, and the abandoned-checkout reminders (decision 056). */
export default function AdminNewsletterPage() {
  useDocumentTitle('Newsletter');
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Newsletter</h1>
        <p className="mt-1 text-sm text-gray-700">Only confirmed subscribers get news and offers; every e-mail carries a one-click unsubscribe.</p>
      </div>
      <Subscribers />
      <Reminders />
    </div>
  );
}
