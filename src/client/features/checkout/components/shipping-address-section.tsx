import { useId, type ComponentProps } from 'react';
import { CA_PROVINCES, INVALID_POSTAL_CODE, normalizeCanadianPostalCode, type CaProvinceCode } from '#common/canadian-address.ts';
import { US_STATES } from '#common/constants.ts';
import { ZIP_PATTERN } from '#common/patterns.ts';
import type { SavedAddress } from '#common/schemas/addresses.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import type { AddressDraft, CustomerDraft } from '../checkout-rules.ts';

/** The fields of this step: the address, and the name and phone the parcel is sent to. */
export type ShippingField = keyof AddressDraft | 'customerName' | 'phone';

interface ShippingAddressSectionProps {
  address: AddressDraft;
  customer: CustomerDraft;
  onChange: (field: ShippingField, value: string) => void;
  /** after a refused payment: empty fields say so */
  showProblems: boolean;
  /** a signed-in customer's address book, and the one chosen from it (null: a new address) */
  savedAddresses: readonly SavedAddress[];
  chosenAddressId: number | null;
  onChooseAddress: (address: SavedAddress | null) => void;
  /** "Save this address to my account": shown to a signed-in customer only */
  canSave: boolean;
  save: boolean;
  onSaveChange: (save: boolean) => void;
  /** the provinces the owner's zones ship to (docs/decisions/069); empty: the spec's US-only form */
  caProvinces?: readonly CaProvinceCode[];
}

const NEW_ADDRESS = 'new';

/** What differs between a US and a Canadian address: the region's and the postal code's fields. */
interface CountryFields {
  regionLabel: string;
  regionPrompt: string;
  regions: ReadonlyArray<readonly [string, string]>;
  postalLabel: string;
  postalInput: Pick<ComponentProps<'input'>, 'inputMode' | 'autoCapitalize'>;
  /** the postal code as it is printed, when the field is left; null: leave it as typed */
  tidyPostal?: (typed: string) => string | null;
}

const US_FIELDS: CountryFields = {
  regionLabel: 'State',
  regionPrompt: 'Select a state',
  regions: US_STATES,
  postalLabel: 'ZIP code',
  postalInput: { inputMode: 'numeric' },
};

/** Canada's provinces the owner's zones cover, and the one already chosen, so a saved address keeps showing it. */
function canadianFields(covered: readonly CaProvinceCode[], chosen: string): CountryFields {
  return {
    regionLabel: 'Province',
    regionPrompt: 'Select a province',
    regions: CA_PROVINCES.filter(([code]) => covered.includes(code) || code === chosen),
    postalLabel: 'Postal code',
    postalInput: { autoCapitalize: 'characters' },
    tidyPostal: normalizeCanadianPostalCode,
  };
}

function savedAddressLabel(address: Pick<SavedAddress, 'fullName' | 'street' | 'city' | 'state' | 'zip' | 'country'>): string {
  return `${address.fullName}, ${address.street}, ${address.city}, ${address.state} ${address.zip}${address.country === 'CA' ? ', Canada' : ''}`;
}

/**
 * Step 2: name, street, city, state (50 states and DC), zip, optional phone. The country is US and not
 * editable, unless a zone ships to Canada: then a country select, and for Canada its covered provinces
 * and a postal code (tidied to "K1A 0B1" when the field is left).
 */
export function ShippingAddressSection(props: ShippingAddressSectionProps) {
  const { address, customer, onChange, showProblems, savedAddresses } = props;
  const caProvinces = props.caProvinces ?? [];
  const canada = address.country === 'CA';
  const fields = canada ? canadianFields(caProvinces, address.state) : US_FIELDS;
  const saveId = useId();
  const missing = (value: string) => (showProblems && !value.trim() ? 'Required' : undefined);
  // the server refuses any other ZIP code with these words; said beside the field once the shopper has tried to go on
  const zipValid = canada ? normalizeCanadianPostalCode(address.zip) !== null : ZIP_PATTERN.test(address.zip.trim());
  const zipError = missing(address.zip) ?? (showProblems && !zipValid ? (canada ? INVALID_POSTAL_CODE : 'Please enter a valid ZIP code') : undefined);
  const nameError = showProblems && !customer.customerName.trim() ? 'Please enter your full name' : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="shipping-address">Shipping Address</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="group" aria-labelledby="shipping-address" className="grid items-start gap-4 sm:grid-cols-2">
          {savedAddresses.length > 0 ? (
            <FormField label="Saved addresses" className="sm:col-span-2">
              <Select
                name="savedAddress"
                value={props.chosenAddressId === null ? NEW_ADDRESS : String(props.chosenAddressId)}
                onChange={(event) =>
                  props.onChooseAddress(
                    event.target.value === NEW_ADDRESS ? null : (savedAddresses.find((saved) => String(saved.id) === event.target.value) ?? null),
                  )
                }
              >
                {savedAddresses.map((saved) => (
                  <option key={saved.id} value={saved.id}>
                    {savedAddressLabel(saved)}
                    {saved.isDefaultShipping ? ' (default)' : ''}
                  </option>
                ))}
                <option value={NEW_ADDRESS}>A new address</option>
              </Select>
            </FormField>
          ) : null}
          <FormField label="Full name" error={nameError} className="sm:col-span-2">
            <Input
              name="customerName"
              autoComplete="shipping name"
              value={customer.customerName}
              onChange={(event) => onChange('customerName', event.target.value)}
              maxLength={200}
            />
          </FormField>
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
          <FormField label={fields.regionLabel} error={missing(address.state)}>
            <Select name="state" autoComplete="shipping address-level1" value={address.state} onChange={(event) => onChange('state', event.target.value)}>
              <option value="">{fields.regionPrompt}</option>
              {fields.regions.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={fields.postalLabel} error={zipError}>
            <Input
              name="zip"
              autoComplete="shipping postal-code"
              {...fields.postalInput}
              value={address.zip}
              onChange={(event) => onChange('zip', event.target.value)}
              onBlur={() => {
                const tidy = fields.tidyPostal?.(address.zip) ?? null;
                if (tidy !== null && tidy !== address.zip) onChange('zip', tidy);
              }}
              maxLength={10}
            />
          </FormField>
          {caProvinces.length > 0 || canada ? (
            <FormField label="Country" hint="We ship to the United States and to Canada (duties and taxes are collected on delivery).">
              <Select
                name="country"
                autoComplete="shipping country"
                value={address.country ?? 'US'}
                onChange={(event) => onChange('country', event.target.value)}
              >
                <option value="US">United States</option>
                <option value="CA">Canada</option>
              </Select>
            </FormField>
          ) : (
            <FormField label="Country" hint="We ship within the United States only.">
              <Input name="country" value="US" readOnly aria-readonly="true" className="bg-gray-100 text-gray-700" />
            </FormField>
          )}
          <FormField label="Phone (optional)" hint="For the carrier, if they need to reach you." className="sm:col-span-2">
            <Input
              name="phone"
              type="tel"
              autoComplete="shipping tel"
              value={customer.phone}
              onChange={(event) => onChange('phone', event.target.value)}
              maxLength={40}
            />
          </FormField>
          {props.canSave ? (
            <div className="flex items-center gap-3 sm:col-span-2">
              <Checkbox id={saveId} checked={props.save} onCheckedChange={(checked) => props.onSaveChange(checked === true)} />
              <Label htmlFor={saveId} className="cursor-pointer font-normal">
                Save this address to my account
              </Label>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
