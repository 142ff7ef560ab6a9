import { useLocation, useSearch } from 'wouter';
import { Search } from '#client/components/ui/icons.tsx';

/** The search in the address when the results page is open: the box keeps showing it. */
export function useCurrentSearch(): string {
  const [location] = useLocation();
  const search = useSearch();
  return location === '/shop' ? (new URLSearchParams(search).get('search') ?? '').trim() : '';
}

export const SEARCH_INPUT_CLASS =
  'h-11 w-full rounded-full border border-gray-300 bg-white pr-11 pl-4 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary';

/** The box's magnifier: submits the form, with or without scripts. */
export function SearchButton() {
  return (
    <button
      type="submit"
      aria-label="Search"
      className="absolute top-0 right-0 flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <Search className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
