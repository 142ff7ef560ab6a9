import { useState } from 'react';
import { cn } from '#client/lib/cn.ts';
import { committedQuantity, liveQuantity } from '#client/lib/quantity-draft.ts';

interface QuantityInputProps {
  value: number;
  max: number;
  label: string;
  onChange: (value: number) => void;
  className?: string;
}

/**
 * A number field shoppers can retype freely: the text is theirs while they edit (empty included),
 * a valid quantity applies at once, and leaving the field or pressing Enter clamps it to 1..max.
 */
export function QuantityInput({ value, max, label, onChange, className }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);

  function commit() {
    if (draft === null) return;
    setDraft(null);
    const next = committedQuantity(draft, value, max);
    if (next !== value) onChange(next);
  }

  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={Math.max(1, max)}
      step={1}
      aria-label={label}
      value={draft ?? String(value)}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        const live = liveQuantity(text, max);
        if (live !== null && live !== value) onChange(live);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className={cn(
        'w-14 border-x border-gray-300 text-center text-sm [appearance:textfield] focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-inner-spin-button]:appearance-none',
        className,
      )}
    />
  );
}
