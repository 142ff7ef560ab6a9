import { formatCents } from '#common/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import type { ShippingMethod } from '../shipping-methods.ts';

interface ShippingMethodSectionProps {
  methods: readonly ShippingMethod[];
  selected: string;
  onSelect: (id: string) => void;
  /** cents still missing for free shipping, when shipping is charged and a threshold is set */
  freeShippingGapCents: number | null;
}

/** Step 3: how the order travels, each choice with its price for this order ("Free" at no cost). */
export function ShippingMethodSection({ methods, selected, onSelect, freeShippingGapCents }: ShippingMethodSectionProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="checkout-shipping-method">Shipping method</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby="checkout-shipping-method" className="grid gap-2">
          {methods.map((method) => (
            <label
              key={method.id}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-4 py-3 has-[:checked]:border-primary has-[:checked]:bg-gray-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
            >
              <input
                type="radio"
                name="shippingMethod"
                value={method.id}
                checked={selected === method.id}
                onChange={() => onSelect(method.id)}
                className="h-4 w-4 accent-primary focus-visible:outline-none"
              />
              <span className="flex-1 font-medium text-gray-900">{method.name}</span>
              <span className="font-medium text-gray-900 tabular-nums">{method.priceCents === 0 ? 'Free' : formatCents(method.priceCents)}</span>
            </label>
          ))}
        </fieldset>
        {freeShippingGapCents !== null && freeShippingGapCents > 0 ? (
          <p className="mt-2 text-sm text-gray-700">Add {formatCents(freeShippingGapCents)} more for free shipping.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
