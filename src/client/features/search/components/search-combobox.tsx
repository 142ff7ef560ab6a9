import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { Suggestions } from '#common/schemas/search.ts';
import { shopSearchPath } from '#client/app/layout/shop-search-path.ts';
import { cn } from '#client/lib/cn.ts';
import { getSuggestions } from '../api/get-suggestions.ts';
import { SEARCH_INPUT_CLASS, SearchButton, useCurrentSearch } from './search-box-parts.tsx';
import { suggestionOptions, suggestionsAnnouncement, type SuggestionOption } from './suggestion-options.ts';

/** a pause in typing this long asks for suggestions: not a read per keystroke */
const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

/** The suggestions for the text, read after a pause; a read the next keystroke makes stale is cancelled. */
function useSuggestions(text: string): Suggestions | null {
  const wanted = text.trim();
  const [answer, setAnswer] = useState<{ text: string; suggestions: Suggestions } | null>(null);
  useEffect(() => {
    if (wanted.length < MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(wanted, controller.signal).then(
        (suggestions) => setAnswer({ text: wanted, suggestions }),
        // a cancelled or failed read offers nothing new: the form still goes to the results page
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);
  // the last answer stays while the next is read, so the list does not flicker per keystroke
  return wanted.length >= MIN_LENGTH ? (answer?.suggestions ?? null) : null;
}

interface SearchComboboxProps {
  className?: string;
  autoFocus?: boolean;
  onSearched?: () => void;
  /** what the plain box (search-box.tsx) held when this code arrived: its text, focus and caret */
  handedOver?: { text: string; focused: boolean; caret: number | null };
}

/**
 * The header's search box: an ARIA 1.2 combobox whose list offers searches, categories, brands and
 * products as the shopper types (arrow keys move, Enter opens the highlighted one or searches, Escape
 * closes). Without scripts it is a plain form that asks /shop?search=… of the server.
 */
export function SearchCombobox({ className, autoFocus, onSearched, handedOver }: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [, navigate] = useLocation();
  const current = useCurrentSearch();
  const [text, setText] = useState(handedOver?.text ?? current);
  const [following, setFollowing] = useState(current);
  // a new results page (a link, Back) puts its search in the box
  if (following !== current) {
    setFollowing(current);
    setText(current);
  }
  const [open, setOpen] = useState(handedOver?.focused ?? false);
  const box = useRef<HTMLInputElement>(null);
  // the plain box had the focus: this one takes it, the caret where it was, so typing goes on here
  useEffect(() => {
    if (!handedOver?.focused || !box.current) return;
    box.current.focus();
    const caret = handedOver.caret ?? box.current.value.length;
    box.current.setSelectionRange(caret, caret);
  }, [handedOver]);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(text);
  const [optionsOf, setOptionsOf] = useState<Suggestions | null>(null);
  // a new list starts with nothing highlighted
  if (optionsOf !== suggestions) {
    setOptionsOf(suggestions);
    setActive(-1);
  }
  const options = suggestions ? suggestionOptions(suggestions) : [];
  const expanded = open && options.length > 0;

  function go(href: string) {
    setOpen(false);
    setActive(-1);
    navigate(href);
    onSearched?.();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const path = shopSearchPath(text);
    if (path) go(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          setActive(down ? 0 : count - 1);
        } else setActive((index) => (down ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
        return;
      }
      case 'Enter':
        if (expanded && active >= 0 && options[active]) {
          event.preventDefault();
          go(options[active].href);
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
    }
  }

  return (
    <form role="search" action="/shop" method="get" onSubmit={submit} className={cn('relative', className)}>
      <input
        ref={box}
        type="search"
        name="search"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder="Search products..."
        autoFocus={autoFocus}
        className={SEARCH_INPUT_CLASS}
      />
      <SearchButton />
      <SuggestionList id={listId} options={expanded ? options : []} active={active} optionId={optionId} onChoose={go} />
      {/* a live region without the status role: pages keep their own status messages the only ones found by role */}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {open && suggestions ? suggestionsAnnouncement(options.length) : ''}
      </div>
    </form>
  );
}

interface SuggestionListProps {
  id: string;
  options: SuggestionOption[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (href: string) => void;
}

/** The listbox under the box, its options grouped under headings; a press keeps the focus in the box. */
function SuggestionList({ id, options, active, optionId, onChoose }: SuggestionListProps) {
  const groups = [...new Set(options.map((option) => option.group))];
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={options.length === 0}
      onMouseDown={(event) => event.preventDefault()}
      className="absolute top-full right-0 z-50 mt-1 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 text-gray-900 shadow-lg md:w-96"
    >
      {groups.map((group) => (
        <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
          <div id={`${id}-${group}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">
            {group}
          </div>
          {options.map((option, index) =>
            option.group === group ? (
              <div
                key={option.href}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onClick={() => onChoose(option.href)}
                className={cn('flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm hover:bg-gray-100', index === active && 'bg-gray-100')}
              >
                {option.group === 'Products' ? (
                  option.imageUrl ? (
                    <img src={option.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded object-cover" />
                  ) : (
                    <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded bg-gray-100" />
                  )
                ) : null}
                <span className="min-w-0">
                  <span className="block truncate font-medium">{option.label}</span>
                  {option.detail ? <span className="block truncate text-xs text-gray-600">{option.detail}</span> : null}
                </span>
              </div>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}
