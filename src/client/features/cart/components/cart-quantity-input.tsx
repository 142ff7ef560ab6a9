import { useState } from 'react';

/** The cart line's number input: minimum 1, at most the product's stock; a half-typed value is kept until it is valid. */
export function CartQuantityInput({ quantity, max, label, onChange }: { quantity: number; max: number; label: string; onChange: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={max > 0 ? max : undefined}
      step={1}
      aria-label={label}
      value={draft ?? String(quantity)}
      onChange={(event) => {
        const text = event.target.value;
        const value = Number(text);
        if (text !== '' && Number.isInteger(value) && value >= 1) {
          onChange(max > 0 ? Math.min(value, max) : value);
          setDraft(null);
        } else {
          setDraft(text);
        }
      }}
      onBlur={() => setDraft(null)}
      className="h-9 w-14 border-x border-gray-300 text-center text-sm [appearance:textfield] focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-inner-spin-button]:appearance-none"
    />
  );
}
