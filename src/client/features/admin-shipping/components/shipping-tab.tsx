import { useState } from 'react';
import { formatCents } from '#common/money.ts';
import type { ShippingMethodView, ShippingZoneView } from '#common/schemas/shipping.ts';
import { CARRIER_SERVICES } from '#common/schemas/shipping-rate.ts';
import { CARRIER_NAMES } from '#common/carriers.ts';
import { ConfirmDeleteDialog } from '#client/components/admin/confirm-delete-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useShippingProfile } from '../api/get-shipping-profile.ts';
import { useSaveShipping } from '../api/save-shipping.ts';
import { BoxesCard } from './boxes-card.tsx';
import { MethodForm } from './method-form.tsx';
import { TimeZoneForm } from './time-zone-form.tsx';
import { useCarrierStatus } from '../api/get-carrier-status.ts';
import { ZoneForm } from './zone-form.tsx';

/** The words of a rate rule's basis: "$5.99", "By weight (3 brackets)", "USPS Priority Mail, live rate + $1.00". */
function basisText(rate: ShippingMethodView['rate']): string {
  switch (rate.basis) {
    case 'flat':
      return formatCents(rate.priceCents);
    case 'carrier': {
      const service = (CARRIER_SERVICES[rate.carrier] as Record<string, string>)[rate.service] ?? rate.service;
      return `${CARRIER_NAMES[rate.carrier]} ${service}, live rate${rate.handlingCents > 0 ? ` + ${formatCents(rate.handlingCents)}` : ''}`;
    }
    default:
      return `By ${rate.basis} (${rate.brackets.length} bracket${rate.brackets.length === 1 ? '' : 's'})`;
  }
}

/** "$5.99, free over $50.00", "by weight (3 brackets)", "no cost" for pickup. */
function rateText(method: ShippingMethodView): string {
  if (method.kind === 'pickup') return 'No shipping cost';
  const { rate } = method;
  const base = basisText(rate);
  return rate.freeOverCents === null ? base : `${base}, free over ${formatCents(rate.freeOverCents)}`;
}

type Deleting = { what: 'delete-zone'; id: number; name: string } | { what: 'delete-method'; zoneId: number; id: number; name: string };

function ZoneCard({ zone, onDelete }: { zone: ShippingZoneView; onDelete: (target: Deleting) => void }) {
  const [editingZone, setEditingZone] = useState(false);
  // a method's id, "new", or none open
  const [open, setOpen] = useState<number | 'new' | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{zone.name}</CardTitle>
          <p className="text-sm text-gray-700">{[...zone.usStates, ...zone.caProvinces].join(', ')}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditingZone(!editingZone)}>
            Edit zone
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete({ what: 'delete-zone', id: zone.id, name: zone.name })}>
            Delete zone
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {editingZone ? <ZoneForm editing={zone} onDone={() => setEditingZone(false)} /> : null}
        {zone.methods.length === 0 ? <p className="text-sm text-gray-700">No methods yet: addresses here cannot check out until one is added.</p> : null}
        <ul className="grid gap-2" aria-label={`Methods of ${zone.name}`}>
          {zone.methods.map((method) => (
            <li key={method.id} className="grid gap-2 rounded-md border border-gray-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-medium text-gray-900">
                    {method.name} {method.active ? null : <span className="text-sm font-normal text-gray-600">(not offered)</span>}
                  </p>
                  <p className="text-sm text-gray-700">
                    {rateText(method)} · {method.minBusinessDays}–{method.maxBusinessDays} business days
                    {method.cutoffTime ? ` · cut-off ${method.cutoffTime}` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setOpen(open === method.id ? null : method.id)}>
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => onDelete({ what: 'delete-method', zoneId: zone.id, id: method.id, name: method.name })}>
                    Delete
                  </Button>
                </div>
              </div>
              {open === method.id ? <MethodForm zoneId={zone.id} editing={method} onDone={() => setOpen(null)} /> : null}
            </li>
          ))}
        </ul>
        {open === 'new' ? (
          <MethodForm zoneId={zone.id} editing={null} onDone={() => setOpen(null)} />
        ) : (
          <Button variant="outline" className="justify-self-start" onClick={() => setOpen('new')}>
            Add method
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The Shipping tab (decision 049): zones of states with their methods and rate rules. A state in no zone
 * ships with the built-in Standard shipping, priced by the shipping cost and threshold of Site Settings.
 */
export function ShippingTab() {
  const profile = useShippingProfile();
  const remove = useSaveShipping();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const carrier = useCarrierStatus();
  if (profile.isPending) return <Spinner />;
  if (profile.isError) return <p role="alert">The shipping zones could not be read: {profile.error.message}</p>;
  const { zones, timeZone } = profile.data;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Shipping zones</CardTitle>
          <p className="text-sm text-gray-700">
            States in no zone get Standard shipping at the Site Settings&apos; shipping cost, free over its threshold. Cut-off times are in {timeZone}.
          </p>
        </CardHeader>
        <CardContent>
          <ZoneForm editing={null} onDone={() => undefined} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Time zone and carrier</CardTitle>
          {carrier.data ? (
            <p className="text-sm text-gray-700">
              {carrier.data.rates
                ? `Carrier rates and labels are on (EasyPost).${carrier.data.webhook ? ' Tracking updates move shipments to in transit and delivered.' : ' Set EASYPOST_WEBHOOK_SECRET to receive tracking updates.'}`
                : 'Carrier rates and labels are off: set EASYPOST_API_KEY on the server to offer live USPS, UPS and FedEx rates and buy labels.'}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <TimeZoneForm timeZone={timeZone} />
        </CardContent>
      </Card>
      {zones.map((zone) => (
        <ZoneCard key={zone.id} zone={zone} onDelete={setDeleting} />
      ))}
      <BoxesCard />
      <ConfirmDeleteDialog
        question={deleting?.what === 'delete-zone' ? 'Delete this zone and its methods?' : 'Delete this shipping method?'}
        subject={deleting?.name ?? null}
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!deleting) return;
          const { name: _name, ...write } = deleting;
          remove.mutate(write, { onSuccess: () => setDeleting(null) });
        }}
      />
    </div>
  );
}
