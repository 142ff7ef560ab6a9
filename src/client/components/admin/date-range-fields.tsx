import { useId } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

interface DateRangeFieldsProps {
  /** "Orders" gives the group its name, "Orders date range" */
  what: string;
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
}

/** From and To days (both included); a half-typed date is not sent, an emptied field removes its bound. */
export function DateRangeFields({ what, from, to, onChange }: DateRangeFieldsProps) {
  const fromId = useId();
  const toId = useId();
  // side by side where both date fields fit at their natural width (a date field will not shrink), stacked on narrow phones
  return (
    <fieldset className="grid min-w-0 grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3 sm:w-80">
      <legend className="sr-only">{what} date range</legend>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={fromId}>From</Label>
        <Input id={fromId} type="date" value={from ?? ''} max={to} onChange={(event) => onChange({ from: event.target.value || undefined, to })} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={toId}>To</Label>
        <Input id={toId} type="date" value={to ?? ''} min={from} onChange={(event) => onChange({ from, to: event.target.value || undefined })} />
      </div>
    </fieldset>
  );
}
