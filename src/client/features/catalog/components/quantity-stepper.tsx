import { Minus, Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { QuantityInput } from '#client/components/ui/quantity-input.tsx';
import { clampQuantity } from './card-cart-rules.ts';

/** An integer clamped between 1 and stock, the buttons disabled at the bounds; typing is clamped when the field is left. */
export function QuantityStepper({ value, max, onChange, label }: { value: number; max: number; onChange: (value: number) => void; label: string }) {
  const upper = Math.max(1, max);
  return (
    <div className="inline-flex items-center rounded-md border border-gray-300 bg-white shadow-sm" role="group" aria-label={label}>
      <Button variant="ghost" size="icon" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(clampQuantity(value - 1, upper))}>
        <Minus className="h-4 w-4" aria-hidden="true" />
      </Button>
      <QuantityInput value={value} max={upper} label="Quantity" onChange={onChange} className="h-11 md:h-10" />
      <Button variant="ghost" size="icon" aria-label="Increase quantity" disabled={value >= upper} onClick={() => onChange(clampQuantity(value + 1, upper))}>
        <Plus className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
