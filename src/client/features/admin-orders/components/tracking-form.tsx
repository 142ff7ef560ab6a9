import { useState, type FormEvent } from 'react';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '#common/carriers.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';

interface TrackingFormProps {
  orderId: number;
  initialNumber?: string | null;
  initialUrl?: string | null;
  pending: boolean;
  /** Shipping the order: the carrier is asked for too (its tracking page is built when no URL is given). */
  withCarrier?: boolean;
  /** Called with the raw values; the number is known to be non-blank. */
  onSave: (trackingNumber: string, trackingUrl: string, carrier: Carrier) => void;
  /** The toast (and inline message) when Save is pressed without a number. */
  onMissingNumber: () => void;
  onCancel?: () => void;
}

/** Tracking number required, tracking URL optional. */
export function TrackingForm({ orderId, initialNumber, initialUrl, withCarrier = false, pending, onSave, onMissingNumber, onCancel }: TrackingFormProps) {
  const [carrier, setCarrier] = useState<Carrier>('other');
  const [trackingNumber, setTrackingNumber] = useState(initialNumber ?? '');
  const [trackingUrl, setTrackingUrl] = useState(initialUrl ?? '');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trackingNumber.trim()) {
      setMissing(true);
      onMissingNumber();
      return;
    }
    setMissing(false);
    onSave(trackingNumber, trackingUrl, carrier);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Tracking for order ${orderId}`}
      className="grid grid-cols-1 gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 sm:grid-cols-2"
    >
      {withCarrier ? (
        <FormField label="Carrier" className="sm:col-span-2">
          <Select value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)}>
            {CARRIERS.map((value) => (
              <option key={value} value={value}>
                {CARRIER_NAMES[value]}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <FormField label="Tracking number" error={missing ? 'Please enter a tracking number' : undefined}>
        <Input value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} required />
      </FormField>
      <FormField
        label="Tracking URL (optional)"
        hint={withCarrier && carrier !== 'other' ? `Leave empty to link ${CARRIER_NAMES[carrier]}'s tracking page` : undefined}
      >
        <Input type="url" value={trackingUrl} placeholder="https://" onChange={(event) => setTrackingUrl(event.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
