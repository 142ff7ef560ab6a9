import { useId, useRef, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { shopSearchPath } from '#client/app/layout/shop-search-path.ts';
import { cn } from '#client/lib/cn.ts';
import { useLoadOnInteraction } from '#client/lib/use-load-on-interaction.ts';
import { SEARCH_INPUT_CLASS, SearchButton, useCurrentSearch } from './search-box-parts.tsx';

const loadCombobox = () => import('./search-combobox.tsx');

interface SearchBoxProps {
  className?: string;
  autoFocus?: boolean;
  onSearched?: () => void;
}

/**
 * The header's search box as the page first loads it: a plain form asking /shop?search=… of the server,
 * with the combobox's name and role. Its suggestions' code (the combobox) is fetched on the first focus
 * or press, not with the page: what is typed meanwhile stays in the box and is handed over with the focus.
 * Enter pressed before that code arrives searches as the combobox does (trimmed, a blank one ignored, no page
 * load), not as the HTML form would: the shopper cannot tell which of the two boxes they typed in.
 */
export function SearchBox({ className, autoFocus, onSearched }: SearchBoxProps) {
  const id = useId();
  const current = useCurrentSearch();
  const input = useRef<HTMLInputElement>(null);
  const { loaded, start } = useLoadOnInteraction(loadCombobox, () => {
    const box = input.current;
    return { text: box?.value ?? current, focused: box !== null && document.activeElement === box, caret: box?.selectionStart ?? null };
  });

  const [, navigate] = useLocation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const path = shopSearchPath(input.current?.value ?? '');
    if (!path) return;
    navigate(path);
    onSearched?.();
  }

  if (loaded) {
    const { SearchCombobox } = loaded.module;
    const { text, focused, caret } = loaded.state;
    return <SearchCombobox className={className} autoFocus={autoFocus} onSearched={onSearched} handedOver={{ text, focused, caret }} />;
  }
  return (
    <form role="search" action="/shop" method="get" onSubmit={submit} onFocus={start} onPointerDown={start} className={cn('relative', className)}>
      <input
        // a new results page (a link, Back) puts its search in the box
        key={current}
        ref={input}
        type="search"
        name="search"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={`${id}-suggestions`}
        autoComplete="off"
        defaultValue={current}
        placeholder="Search products..."
        autoFocus={autoFocus}
        className={SEARCH_INPUT_CLASS}
      />
      <SearchButton />
      <div id={`${id}-suggestions`} role="listbox" aria-label="Search suggestions" hidden />
    </form>
  );
}
