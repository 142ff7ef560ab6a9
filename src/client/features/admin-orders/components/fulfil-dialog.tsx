import { useState, type FormEvent } from 'react';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '#common/carriers.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { FulfilInput } from '#common/schemas/shipments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { QuantityInput } from '#client/components/ui/quantity-input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { BuyLabelSection } from './buy-label-section.tsx';
import type { LineLeft } from './units-left.ts';

interface FulfilDialogProps {
  orderNumber: string;
  /** the lines with units left to ship; the dialog is open while it is set */
  lines: LineLeft[] | null;
  pending: boolean;
  onShip: (shipment: FulfilInput) => void;
  onClose: () => void;
  /** with the order's id, the dialog also offers to buy the parcel's label through the carrier API (decision 057) */
  label?: { orderId: number; onBought: (detail: AdminOrderDetail) => void };
}

/**
 * The order page's Fulfil action (decision 050): which lines and how many of each go in this parcel
 * (everything left to start with), its carrier and tracking number.
 */
export function FulfilDialog({ orderNumber, lines, pending, onShip, onClose, label }: FulfilDialogProps) {
  return (
    <Dialog open={lines !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Fulfil order #{orderNumber}</DialogTitle>
          <DialogDescription>Choose what goes in this package. The customer is e-mailed its items and tracking link.</DialogDescription>
        </DialogHeader>
        {lines ? (
          <FulfilForm
            key={lines.map((line) => `${line.itemId}:${line.left}`).join()}
            lines={lines}
            pending={pending}
            onShip={onShip}
            onClose={onClose}
            label={label}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FulfilForm({ lines, pending, onShip, onClose, label }: Omit<FulfilDialogProps, 'orderNumber' | 'lines'> & { lines: LineLeft[] }) {
  const [chosen, setChosen] = useState(() => new Map(lines.map((line) => [line.itemId, line.left])));
  const [carrier, setCarrier] = useState<Carrier>('usps');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const units = [...chosen.values()].reduce((sum, quantity) => sum + quantity, 0);

  function choose(itemId: number, quantity: number | null) {
    setChosen((current) => {
      const next = new Map(current);
      if (quantity === null) next.delete(itemId);
      else next.set(itemId, quantity);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (units === 0) return;
    onShip({
      lines: [...chosen].map(([itemId, quantity]) => ({ itemId, quantity })),
      carrier,
      trackingNumber: trackingNumber.trim() || undefined,
      trackingUrl: trackingUrl.trim() || undefined,
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Fulfil" className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-gray-900">Items</legend>
        {lines.map((line) => {
          const quantity = chosen.get(line.itemId);
          const id = `fulfil-line-${line.itemId}`;
          return (
            <div key={line.itemId} className="flex flex-wrap items-center gap-3 rounded-md bg-gray-50 p-2">
              <Checkbox id={id} checked={quantity !== undefined} onCheckedChange={(checked) => choose(line.itemId, checked === true ? line.left : null)} />
              <div className="min-w-0 flex-1 text-sm break-words text-gray-900">
                <label htmlFor={id}>{line.name}</label>
                {line.sku ? <span className="block text-xs text-gray-600">SKU {line.sku}</span> : null}
              </div>
              {quantity !== undefined ? (
                <span className="flex items-center gap-1 text-sm text-gray-700">
                  <QuantityInput
                    value={quantity}
                    max={line.left}
                    label={`Quantity of ${line.name}`}
                    onChange={(value) => choose(line.itemId, value)}
                    className="w-16"
                  />
                  of {line.left}
                </span>
              ) : (
                <span className="text-sm text-gray-600">{line.left} left</span>
              )}
            </div>
          );
        })}
      </fieldset>
      <FormField label="Carrier">
        <Select value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)}>
          {CARRIERS.map((value) => (
            <option key={value} value={value}>
              {CARRIER_NAMES[value]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Tracking number (optional)">
        <Input value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
      </FormField>
      <FormField label="Tracking URL (optional)" hint={carrier !== 'other' ? `Leave empty to link ${CARRIER_NAMES[carrier]}'s tracking page` : undefined}>
        <Input type="url" value={trackingUrl} placeholder="https://" onChange={(event) => setTrackingUrl(event.target.value)} />
      </FormField>
      {label ? (
        <BuyLabelSection orderId={label.orderId} lines={[...chosen].map(([itemId, quantity]) => ({ itemId, quantity }))} onBought={label.onBought} />
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || units === 0}>
          {pending ? 'Shipping…' : units === 1 ? 'Ship 1 item' : `Ship ${units} items`}
        </Button>
      </DialogFooter>
    </form>
  );
}
