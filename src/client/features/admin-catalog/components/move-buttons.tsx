import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** The list's ids with the one at `index` swapped with its neighbour `by` places away: what a move sends. */
export function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

/** Up and down for one entry of an ordered list; `name` says what moves ("Move <name> up"). */
export function MoveButtons({
  name,
  index,
  count,
  disabled = false,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <Button type="button" size="sm" variant="outline" disabled={index === 0 || disabled} onClick={() => onMove(-1)} aria-label={`Move ${name} up`}>
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button type="button" size="sm" variant="outline" disabled={index === count - 1 || disabled} onClick={() => onMove(1)} aria-label={`Move ${name} down`}>
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </Button>
    </>
  );
}
