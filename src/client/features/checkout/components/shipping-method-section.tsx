import { formatCents } from '#common/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { arrivalText, type ShippingMethod } from '../shipping-methods.ts';

interface ShippingMethodSectionProps {
  methods: readonly ShippingMethod[];
  selected: string | null;
  onSelect: (id: string) => void;
  /** cents still missing for free shipping, when shipping is charged and a threshold is set */
  freeShippingGapCents: number | null;
  /** where pickup orders are collected (the shop's address) */
  pickupAddress: string | null;
  /** the state the methods were asked for: none applies when this cart cannot go there */
  state: string;
}

/** Step 3: how the order travels, each choice with its price for this order ("Free" at no cost) and when it arrives. */
export function ShippingMethodSection({ methods, selected, onSelect, freeShippingGapCents, pickupAddress, state }: ShippingMethodSectionProps) {
  const chosen = methods.find((method) => method.id === selected);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="checkout-shipping-method">Shipping method</CardTitle>
      </CardHeader>
      <CardContent>
        {methods.length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            We cannot ship this cart to {state}. Please contact us about your order.
          </p>
        ) : (
          <fieldset aria-labelledby="checkout-shipping-method" className="grid gap-2">
            {methods.map((method) => {
              const arrives = arrivalText(method);
              return (
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
                  <span className="flex flex-1 flex-col">
                    <span className="font-medium text-gray-900">{method.name}</span>
                    {arrives ? <span className="text-sm text-gray-700">{arrives}</span> : null}
                  </span>
                  <span className="font-medium text-gray-900 tabular-nums">{method.priceCents === 0 ? 'Free' : formatCents(method.priceCents)}</span>
                </label>
              );
            })}
          </fieldset>
        )}
        {chosen?.kind === 'pickup' && pickupAddress ? <p className="mt-2 text-sm text-gray-700">Pick up at {pickupAddress}</p> : null}
        {freeShippingGapCents !== null && freeShippingGapCents > 0 ? (
          <p className="mt-2 text-sm text-gray-700">Add {formatCents(freeShippingGapCents)} more for free shipping.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
