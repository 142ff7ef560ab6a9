import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { pageCount } from '#client/lib/get-page.ts';

type Filters<K extends string> = Partial<Record<K, string>>;

const acceptAny = () => true;

/**
 * The page and filters of a server-paged list, kept in the URL (?q=&status=&page=) so a reload, a
 * shared link or Back shows the same list. Other parameters (the dashboard's ?tab=) are kept; any
 * change of a filter goes back to page 1. `accept` drops a value the list cannot use (an unknown
 * status typed into the address bar) instead of sending it. Pass `keys` and `accept` as module
 * constants: they are read once per URL.
 */
export function useUrlListState<K extends string>(keys: readonly K[], accept: (key: K, value: string) => boolean = acceptAny) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => {
    const read = new URLSearchParams(search);
    const values: Filters<K> = {};
    for (const key of keys) {
      const value = read.get(key)?.trim();
      if (value && accept(key, value)) values[key] = value;
    }
    return values;
  }, [search, keys, accept]);
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setFilters = useCallback((next: Filters<K>) => update({ ...Object.fromEntries(keys.map((key) => [key, next[key]])), page: undefined }), [update, keys]);
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : undefined }), [update]);
  return { filters, page, setFilters, setPage };
}

/** Back to the last page when the list shrank under the one shown (an order archived from the last page). */
export function useLastPageWhenShrunk(page: number, setPage: (page: number) => void, total: number | undefined, pageSize: number) {
  useEffect(() => {
    if (total !== undefined && page > pageCount(total, pageSize)) setPage(pageCount(total, pageSize));
  }, [total, page, pageSize, setPage]);
}
