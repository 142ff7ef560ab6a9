import { useState } from 'react';
import { formatCents } from '#common/money.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { BuyLabelInput, LabelRates } from '#common/schemas/shipments.ts';
import { MM_PER_INCH } from '#common/parcel-boxes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useBuyLabel, useCarrierStatus, useLabelRates } from '../api/buy-label.ts';

interface BuyLabelSectionProps {
  orderId: number;
  /** the parcel's lines as chosen above; empty: nothing to rate */
  lines: BuyLabelInput['lines'];
  onBought: (detail: AdminOrderDetail) => void;
}

const inches = (mm: number) => Math.round((mm / MM_PER_INCH) * 10) / 10;
const boxName = (box: LabelRates['boxes'][number]) => `${box.name} (${inches(box.lengthMm)} × ${inches(box.widthMm)} × ${inches(box.heightMm)} in)`;

const rateName = (rate: LabelRates['rates'][number]) =>
  `${rate.carrier.toUpperCase()} ${rate.service}${rate.deliveryDays === null ? '' : `, ${rate.deliveryDays} day${rate.deliveryDays === 1 ? '' : 's'}`}`;

/**
 * "Buy label" (decision 057): the carrier rates the chosen lines' parcel, the cheapest is chosen to
 * start with, and buying it ships the lines with the label's carrier and tracking number. Without the
 * carrier API the button stays off and says why.
 */
export function BuyLabelSection({ orderId, lines, onBought }: BuyLabelSectionProps) {
  const status = useCarrierStatus();
  const rates = useLabelRates();
  const buy = useBuyLabel();
  const [rateId, setRateId] = useState<string | null>(null);
  const [ratedFor, setRatedFor] = useState('');
  const linesKey = lines.map((line) => `${line.itemId}:${line.quantity}`).join();
  const quote = rates.data && ratedFor === linesKey ? rates.data : null;
  const off = status.data?.rates === false;
  const error = (buy.error ?? rates.error)?.message;

  function getRates(boxId?: number) {
    buy.reset();
    rates.mutate(
      { id: orderId, lines, boxId },
      {
        onSuccess: (answer) => {
          setRatedFor(linesKey);
          setRateId(answer.rates[0]?.id ?? null);
        },
      },
    );
  }

  return (
    <section aria-label="Buy a label" className="grid gap-2 rounded-md border border-gray-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">Or buy a label</h3>
        <Button type="button" variant="outline" size="sm" disabled={off || lines.length === 0 || rates.isPending} onClick={() => getRates()}>
          {rates.isPending ? 'Getting rates…' : quote ? 'Get rates again' : 'Get label rates'}
        </Button>
      </div>
      {off ? <p className="text-sm text-gray-700">Labels need the carrier API: EASYPOST_API_KEY is not set on the server.</p> : null}
      {quote && quote.boxes.length > 0 ? (
        <FormField label="Box" hint={quote.boxId === null ? "None of the shop's boxes holds these items: rated at their own size." : undefined}>
          <Select value={quote.boxId === null ? '' : String(quote.boxId)} disabled={rates.isPending} onChange={(event) => getRates(Number(event.target.value))}>
            {quote.boxId === null ? <option value="">The items&apos; own size</option> : null}
            {quote.boxes.map((box) => (
              <option key={box.id} value={box.id}>
                {boxName(box)}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      {quote ? (
        quote.rates.length === 0 ? (
          <p className="text-sm text-gray-700">The carrier has no rate for this parcel.</p>
        ) : (
          <fieldset className="grid gap-1">
            <legend className="text-sm text-gray-700">Rates for {(quote.weightOz / 16).toFixed(1)} lb, cheapest first</legend>
            {quote.rates.map((rate) => (
              <label key={rate.id} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
                <input type="radio" name="label-rate" value={rate.id} checked={rateId === rate.id} onChange={() => setRateId(rate.id)} />
                <span className="flex-1">{rateName(rate)}</span>
                <span className="font-medium">{formatCents(rate.priceCents)}</span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {quote && rateId ? (
        <Button
          type="button"
          className="justify-self-end"
          disabled={buy.isPending}
          onClick={() => buy.mutate({ id: orderId, label: { lines, shipmentId: quote.shipmentId, rateId } }, { onSuccess: onBought })}
        >
          {buy.isPending ? 'Buying…' : `Buy label (${formatCents(quote.rates.find((rate) => rate.id === rateId)?.priceCents ?? 0)})`}
        </Button>
      ) : null}
    </section>
  );
}
