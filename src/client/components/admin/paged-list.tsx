import type { ReactNode } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Pager } from './pager.tsx';

/** A page of an admin list as its query gives it (getPage): the rows and how many there are in all. */
interface PagedQuery<T> {
  isLoading: boolean;
  isError: boolean;
  error: Error | null;
  data?: { items: T[]; total: number };
  /** the previous page, kept on screen while the next loads */
  isPlaceholderData: boolean;
}

interface PagedListProps<T> {
  list: PagedQuery<T>;
  /** what the spinner says while the first page loads */
  loadingLabel: string;
  /** said instead of the rows when there are none; absent, the rows' own container shows empty */
  empty?: ReactNode;
  pager: { label: string; page: number; pageSize: number; onPageChange: (page: number) => void };
  /** the rows of this page */
  children: (items: T[]) => ReactNode;
}

/**
 * The admin's paged lists (gift cards, subscribers, the audit log, the outbox, users) in one shape: a
 * spinner for the first load, the server's refusal as an alert, the empty sentence, the page's rows,
 * and the pager below, kept pressable on the previous page's rows while the next one loads.
 */
export function PagedList<T>({ list, loadingLabel, empty, pager, children }: PagedListProps<T>) {
  const items = list.data?.items ?? [];
  return (
    <>
      {list.isLoading ? (
        <Spinner label={loadingLabel} />
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          {list.error?.message}
        </p>
      ) : empty !== undefined && list.data && items.length === 0 ? (
        <p className="text-gray-700">{empty}</p>
      ) : (
        children(items)
      )}
      <Pager {...pager} total={list.data?.total ?? 0} busy={list.isPlaceholderData} />
    </>
  );
}

/** An admin list's table: scrolls sideways on a phone inside its bordered box, header row shaded. */
export function ListTable({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
