import type { ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultTestOrderValues,
  TEST_ORDER_COUNTRIES,
  TEST_ORDER_STATUSES,
  TestOrderEmailInput,
  type TestOrderEmailFormValues,
} from '#common/schemas/diagnostics.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { serverErrorOf, useSendTestOrderEmail } from '../api/send-test-order-email.ts';
import { TestOrderItemsFields } from './test-order-items-fields.tsx';
import { useLiveTotals } from './use-live-totals.ts';

const statusLabels: Record<(typeof TEST_ORDER_STATUSES)[number], string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function CustomerFields() {
  const { register, formState } = useFormContext<TestOrderEmailFormValues>();
  const { errors } = formState;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-3">
      <FormField label="Customer name" error={errors.customerName?.message}>
        <Input autoComplete="off" {...register('customerName')} />
      </FormField>
      <FormField label="Customer email" error={errors.customerEmail?.message} hint="The test e-mail is sent here">
        <Input type="email" autoComplete="off" {...register('customerEmail')} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="off" {...register('phone')} />
      </FormField>
    </div>
  );
}

function AddressFields() {
  const { register, formState } = useFormContext<TestOrderEmailFormValues>();
  const errors = formState.errors.address;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Street" error={errors?.street?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...register('address.street')} />
      </FormField>
      <FormField label="City" error={errors?.city?.message}>
        <Input autoComplete="off" {...register('address.city')} />
      </FormField>
      <FormField label="State" error={errors?.state?.message}>
        <Input autoComplete="off" {...register('address.state')} />
      </FormField>
      <FormField label="ZIP code" error={errors?.zipCode?.message}>
        <Input autoComplete="off" {...register('address.zipCode')} />
      </FormField>
      <FormField label="Country" error={errors?.country?.message}>
        <Select {...register('address.country')}>
          {TEST_ORDER_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}

function StatusFields() {
  const { register, formState } = useFormContext<TestOrderEmailFormValues>();
  const { errors } = formState;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-3">
      <FormField label="Order status" error={errors.orderStatus?.message} hint="Shipped sends the shipped e-mail; others the order confirmation">
        <Select {...register('orderStatus')}>
          {TEST_ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Tracking number" error={errors.trackingNumber?.message}>
        <Input autoComplete="off" {...register('trackingNumber')} />
      </FormField>
      <FormField label="Tracking URL" error={errors.trackingUrl?.message}>
        <Input type="url" autoComplete="off" placeholder="https://" {...register('trackingUrl')} />
      </FormField>
    </div>
  );
}

function TotalsFields() {
  const { register, formState } = useFormContext<TestOrderEmailFormValues>();
  const { errors } = formState;
  useLiveTotals();
  const money = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' } as const;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-3">
      <FormField label="Subtotal" error={errors.subtotal?.message} hint="Sum of price x quantity">
        <Input {...money} readOnly className="bg-gray-50" {...register('subtotal', { valueAsNumber: true })} />
      </FormField>
      <FormField label="Coupon code (optional)" error={errors.couponCode?.message}>
        <Input autoComplete="off" {...register('couponCode')} />
      </FormField>
      <FormField label="Coupon discount" error={errors.couponDiscount?.message}>
        <Input {...money} {...register('couponDiscount', { valueAsNumber: true })} />
      </FormField>
      <FormField label="Tax" error={errors.tax?.message}>
        <Input {...money} {...register('tax', { valueAsNumber: true })} />
      </FormField>
      <FormField label="Shipping" error={errors.shipping?.message}>
        <Input {...money} {...register('shipping', { valueAsNumber: true })} />
      </FormField>
      <FormField label="Total" error={errors.total?.message} hint="Subtotal minus discount (not below 0), plus tax and shipping">
        <Input {...money} readOnly className="bg-gray-50 font-semibold" {...register('total', { valueAsNumber: true })} />
      </FormField>
    </div>
  );
}

/** Test order e-mail form, validated by the same schema as the server. */
export function TestOrderEmailForm({ customerEmail }: { customerEmail: string }) {
  const form = useForm<TestOrderEmailFormValues, unknown, TestOrderEmailInput>({
    resolver: zodResolver(TestOrderEmailInput),
    defaultValues: defaultTestOrderValues(customerEmail),
  });
  const send = useSendTestOrderEmail();

  const submit = form.handleSubmit((order) =>
    send.mutate(order, {
      onSuccess: (result) => toast({ title: 'Test email sent successfully', description: result.message, variant: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const issue of error.issues) form.setError(issue.path as Path<TestOrderEmailFormValues>, { message: issue.message });
        }
        toast({ title: 'Failed to send test email', description: serverErrorOf(error), variant: 'destructive' });
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <Section title="Customer">
          <CustomerFields />
        </Section>
        <Section title="Shipping address">
          <AddressFields />
        </Section>
        <Section title="Items">
          <TestOrderItemsFields />
        </Section>
        <Section title="Status and tracking">
          <StatusFields />
        </Section>
        <Section title="Totals">
          <TotalsFields />
        </Section>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Test Email'}
          </Button>
          {send.data ? (
            <p className="text-sm text-gray-700" aria-live="polite">
              {send.data.message}
            </p>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}
