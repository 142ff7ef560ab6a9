import { useEffect, useState } from 'react';
import { pageCount } from '../api/get-page.ts';

/** The page number of a server-paged list; back to page 1 whenever its filters change. */
export function useListPage(filtersKey: string) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState(filtersKey);
  if (filters !== filtersKey) {
    setFilters(filtersKey);
    setPage(1);
  }
  return [page, setPage] as const;
}

/** Back to the last page when the list shrank under the one shown (an order archived from the last page). */
export function useLastPageWhenShrunk(page: number, setPage: (page: number) => void, total: number | undefined, pageSize: number) {
  useEffect(() => {
    if (total !== undefined && page > pageCount(total, pageSize)) setPage(pageCount(total, pageSize));
  }, [total, page, pageSize, setPage]);
}
