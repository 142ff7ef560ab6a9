import { SearchCombobox } from '#client/features/search/components/search-combobox.tsx';

/**
 * The header's search: goes to /shop?search=… only when the trimmed text is not blank, offering
 * suggestions as the shopper types; without scripts the form itself asks for that address.
 */
export function SearchForm({ className, autoFocus, onSearched }: { className?: string; autoFocus?: boolean; onSearched?: () => void }) {
  return <SearchCombobox className={className} autoFocus={autoFocus} onSearched={onSearched} />;
}
