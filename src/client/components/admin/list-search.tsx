import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

interface ListSearchProps {
  /** the visible label of the search box */
  label: string;
  placeholder?: string;
  /** the search the list shows now (from the URL) */
  value?: string;
  onSearch: (text: string) => void;
  /** further filters beside the box (a status selector, a date range) */
  children?: ReactNode;
  /** shown when any filter is set: puts the whole list back */
  onClear?: () => void;
}

/** A search box for a server-paged list: it searches on Enter or the button, not on every key. */
export function ListSearch({ label, placeholder, value = '', onSearch, children, onClear }: ListSearchProps) {
  const [text, setText] = useState(value);
  // the URL changed under the box (Back, "Clear filters"): show what the list shows
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="grid grid-cols-1 gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="grid min-w-0 flex-1 gap-1.5 sm:min-w-[16rem]">
          <Label htmlFor={id}>{label}</Label>
          <div className="flex gap-2">
            <Input id={id} type="search" value={text} placeholder={placeholder} onChange={(event) => setText(event.target.value)} />
            <Button type="submit" variant="outline">
              <Search className="h-4 w-4" aria-hidden="true" /> Search
            </Button>
          </div>
        </div>
        {children}
      </div>
      {onClear ? (
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={onClear}>
            <X className="h-4 w-4" aria-hidden="true" /> Clear filters
          </Button>
        </div>
      ) : null}
    </form>
  );
}
