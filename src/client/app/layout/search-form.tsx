import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Search } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { shopSearchPath } from './shop-search-path.ts';

/** Goes to /shop?search=… only when the trimmed text is not blank; without scripts the form itself asks for that address. */
export function SearchForm({ className, autoFocus, onSearched }: { className?: string; autoFocus?: boolean; onSearched?: () => void }) {
  const [text, setText] = useState('');
  const [, navigate] = useLocation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const path = shopSearchPath(text);
    if (!path) return;
    navigate(path);
    onSearched?.();
  }

  return (
    <form role="search" action="/shop" method="get" onSubmit={submit} className={cn('relative', className)}>
      <input
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products..."
        aria-label="Search products"
        autoFocus={autoFocus}
        className="h-10 w-full rounded-full border border-gray-300 bg-white pr-10 pl-4 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 flex h-8 w-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Search className="h-4 w-4" aria-hidden="true" />
      </button>
    </form>
  );
}
