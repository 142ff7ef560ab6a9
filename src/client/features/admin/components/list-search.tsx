import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

interface ListSearchProps {
  /** the visible label of the search box */
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
  /** further filters beside the box (a status selector) */
  children?: ReactNode;
}

/** A search box for a server-paged list: it searches on Enter or the button, not on every key. */
export function ListSearch({ label, placeholder, onSearch, children }: ListSearchProps) {
  const [text, setText] = useState('');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <Input id={id} type="search" value={text} placeholder={placeholder} onChange={(event) => setText(event.target.value)} />
          <Button type="submit" variant="outline">
            <Search className="h-4 w-4" aria-hidden="true" /> Search
          </Button>
        </div>
      </div>
      {children}
    </form>
  );
}
