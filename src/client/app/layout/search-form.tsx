import { SearchBox } from '#client/features/search/components/search-box.tsx';

/**
 * The header's search: goes to /shop?search=… only when the trimmed text is not blank, offering
 * suggestions as the shopper types; without scripts the form itself asks for that address.
 */
export function SearchForm({ className, autoFocus, onSearched }: { className?: string; autoFocus?: boolean; onSearched?: () => void }) {
  return <SearchBox className={className} autoFocus={autoFocus} onSearched={onSearched} />;
}
