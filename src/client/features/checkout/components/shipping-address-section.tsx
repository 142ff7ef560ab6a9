import { US_STATES } from '#common/constants.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import type { AddressDraft } from '../checkout-rules.ts';

interface ShippingAddressSectionProps {
  address: AddressDraft;
  onChange: (field: keyof AddressDraft, value: string) => void;
  /** after a refused checkout: empty fields say so */
  showMissing: boolean;
}

/** Street, city, state (50 states and DC), zip; the country is US and not editable. */
export function ShippingAddressSection({ address, onChange, showMissing }: ShippingAddressSectionProps) {
  const missing = (value: string) => (showMissing && !value.trim() ? 'Required' : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="shipping-address">Shipping Address</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="group" aria-labelledby="shipping-address" className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Street address" error={missing(address.street)} className="sm:col-span-2">
            <Input
              name="street"
              autoComplete="shipping address-line1"
              value={address.street}
              onChange={(event) => onChange('street', event.target.value)}
              maxLength={200}
            />
          </FormField>
          <FormField label="City" error={missing(address.city)}>
            <Input
              name="city"
              autoComplete="shipping address-level2"
              value={address.city}
              onChange={(event) => onChange('city', event.target.value)}
              maxLength={100}
            />
          </FormField>
          <FormField label="State" error={missing(address.state)}>
            <Select name="state" autoComplete="shipping address-level1" value={address.state} onChange={(event) => onChange('state', event.target.value)}>
              <option value="">Select a state</option>
              {US_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="ZIP code" error={missing(address.zip)}>
            <Input
              name="zip"
              autoComplete="shipping postal-code"
              inputMode="numeric"
              value={address.zip}
              onChange={(event) => onChange('zip', event.target.value)}
              maxLength={10}
            />
          </FormField>
          <FormField label="Country" hint="We ship within the United States only.">
            <Input name="country" value="US" readOnly aria-readonly="true" className="bg-gray-100 text-gray-700" />
          </FormField>
        </div>
      </CardContent>
    </Card>
  );
}
