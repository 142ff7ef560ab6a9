import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { testOrderSubtotal, testOrderTotal, type TestOrderEmailFormValues } from '#common/schemas/diagnostics.ts';

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Subtotal and total follow the items, discount, tax and shipping as they are typed. */
export function useLiveTotals() {
  const { control, setValue, formState } = useFormContext<TestOrderEmailFormValues>();
  const [items, tax, shipping, couponDiscount] = useWatch({ control, name: ['items', 'tax', 'shipping', 'couponDiscount'] });
  const subtotal = testOrderSubtotal((items ?? []).map((item) => ({ price: numberOr0(item?.price), quantity: numberOr0(item?.quantity) })));
  const total = testOrderTotal({ subtotal, couponDiscount: numberOr0(couponDiscount), tax: numberOr0(tax), shipping: numberOr0(shipping) });
  const validate = formState.isSubmitted;

  useEffect(() => {
    setValue('subtotal', subtotal, { shouldValidate: validate });
    setValue('total', total, { shouldValidate: validate });
  }, [subtotal, total, setValue, validate]);

  return { subtotal, total };
}
