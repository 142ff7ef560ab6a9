import { Minus, Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { clampQuantity } from './card-cart-rules.ts';

/** An integer clamped between 1 and stock, the buttons disabled at the bounds. */
export function QuantityStepper({ value, max, onChange, label }: { value: number; max: number; onChange: (value: number) => void; label: string }) {
  const upper = Math.max(1, max);
  return (
    <div className="inline-flex items-center rounded-md border border-gray-300 bg-white shadow-sm" role="group" aria-label={label}>
      <Button variant="ghost" size="icon" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(clampQuantity(value - 1, upper))}>
        <Minus className="h-4 w-4" aria-hidden="true" />
      </Button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={upper}
        step={1}
        value={value}
        aria-label="Quantity"
        onChange={(event) => onChange(clampQuantity(Number(event.target.value), upper))}
        className="h-10 w-14 border-x border-gray-300 text-center text-sm [appearance:textfield] focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-inner-spin-button]:appearance-none"
      />
      <Button variant="ghost" size="icon" aria-label="Increase quantity" disabled={value >= upper} onClick={() => onChange(clampQuantity(value + 1, upper))}>
        <Plus className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
