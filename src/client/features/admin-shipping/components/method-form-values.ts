import { centsToDecimal, toCents } from '#common/money.ts';
import type { ShippingMethodInput, ShippingMethodView } from '#common/schemas/shipping.ts';
import type { RateCarrier } from '#common/schemas/shipping-rate.ts';

// The method form's text fields, named as the API's payload so each refusal lands beside its field.
// Prices are typed in dollars and sent in cents; weights in grams (decision 049).

export interface MethodFormValues {
  name: string;
  kind: 'delivery' | 'pickup';
  minBusinessDays: string;
  maxBusinessDays: string;
  cutoffTime: string;
  active: boolean;
  rate: {
    basis: 'flat' | 'weight' | 'subtotal' | 'carrier';
    priceCents: string;
    /** carrier-calculated (decision 057): the carrier, its service and the handling added to its price */
    carrier: RateCarrier;
    service: string;
    handlingCents: string;
    freeOverCents: string;
    brackets: Array<{ from: string; to: string; priceCents: string }>;
  };
}

export function emptyMethodValues(): MethodFormValues {
  return {
    name: '',
    kind: 'delivery',
    minBusinessDays: '3',
    maxBusinessDays: '5',
    cutoffTime: '',
    active: true,
    rate: {
      basis: 'flat',
      priceCents: '',
      carrier: 'usps',
      service: 'Priority',
      handlingCents: '0.00',
      freeOverCents: '',
      brackets: [{ from: '0', to: '', priceCents: '' }],
    },
  };
}

const dollars = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** "5.99" -> 599; empty or not a number stays NaN, for the schema to refuse beside the field. */
const cents = (text: string) => (text.trim() === '' ? Number.NaN : toCents(text.trim()));

export function methodFormValues(method: ShippingMethodView): MethodFormValues {
  const { rate } = method;
  return {
    name: method.name,
    kind: method.kind,
    minBusinessDays: String(method.minBusinessDays),
    maxBusinessDays: String(method.maxBusinessDays),
    cutoffTime: method.cutoffTime ?? '',
    active: method.active,
    rate: {
      basis: rate.basis,
      priceCents: rate.basis === 'flat' ? dollars(rate.priceCents) : '',
      carrier: rate.basis === 'carrier' ? rate.carrier : 'usps',
      service: rate.basis === 'carrier' ? rate.service : 'Priority',
      handlingCents: rate.basis === 'carrier' ? dollars(rate.handlingCents) : '0.00',
      freeOverCents: dollars(rate.freeOverCents),
      brackets:
        rate.basis === 'flat' || rate.basis === 'carrier'
          ? [{ from: '0', to: '', priceCents: '' }]
          : rate.brackets.map((bracket) => ({
              from: rate.basis === 'subtotal' ? dollars(bracket.from) : String(bracket.from),
              to: bracket.to === null ? '' : rate.basis === 'subtotal' ? dollars(bracket.to) : String(bracket.to),
              priceCents: dollars(bracket.priceCents),
            })),
    },
  };
}

export function methodPayload(values: MethodFormValues): ShippingMethodInput {
  const { rate } = values;
  const freeOverCents = rate.freeOverCents.trim() === '' ? null : cents(rate.freeOverCents);
  // subtotal brackets are money (dollars typed), weight brackets grams
  const bound = rate.basis === 'subtotal' ? cents : number;
  const brackets = rate.brackets.map((bracket) => ({
    from: bound(bracket.from),
    to: bracket.to.trim() === '' ? null : bound(bracket.to),
    priceCents: cents(bracket.priceCents),
  }));
  return {
    name: values.name,
    kind: values.kind,
    minBusinessDays: number(values.minBusinessDays),
    maxBusinessDays: number(values.maxBusinessDays),
    cutoffTime: values.cutoffTime === '' ? null : values.cutoffTime,
    active: values.active,
    rate: ratePayload(values, brackets, freeOverCents),
  };
}

function ratePayload(
  values: MethodFormValues,
  brackets: Array<{ from: number; to: number | null; priceCents: number }>,
  freeOverCents: number | null,
): ShippingMethodInput['rate'] {
  const { rate } = values;
  switch (rate.basis) {
    case 'flat':
      return { basis: 'flat', priceCents: values.kind === 'pickup' && rate.priceCents.trim() === '' ? 0 : cents(rate.priceCents), freeOverCents };
    case 'carrier':
      return {
        basis: 'carrier',
        carrier: rate.carrier,
        service: rate.service,
        handlingCents: rate.handlingCents.trim() === '' ? 0 : cents(rate.handlingCents),
        freeOverCents,
      };
    default:
      return { basis: rate.basis, brackets, freeOverCents };
  }
}
