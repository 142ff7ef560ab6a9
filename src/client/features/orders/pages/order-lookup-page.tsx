import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useOrderLookup } from '../api/customer-order.ts';

/** Which field a refused lookup is about: a malformed number is the number's; anything else is shown above the button. */
function fieldErrors(error: unknown): { orderNumber?: string; email?: string; form?: string } {
  if (!error) return {};
  if (error instanceof ApiError && error.status === 400) {
    const path = error.issues[0]?.path;
    if (path === 'email') return { email: error.message };
    return { orderNumber: error.message };
  }
  return { form: error instanceof Error ? error.message : 'The lookup failed. Please try again.' };
}

/** /order-lookup: a guest finds an order by its number and e-mail address and gets a signed link to it. */
export default function OrderLookupPage() {
  useDocumentTitle('Find your order');
  const lookup = useOrderLookup();
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const errors = fieldErrors(lookup.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    lookup.mutate({ orderNumber, email });
  };

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Find your order</h1>
      <p className="mt-2 text-gray-700">
        Enter the order number from your confirmation e-mail (it looks like PB-7K3Q9D) and the e-mail address you ordered with.
      </p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Order lookup</CardTitle>
        </CardHeader>
        <CardContent>
          {lookup.data ? (
            <div role="status" className="grid gap-3">
              <p className="font-medium text-gray-900">We found order #{lookup.data.orderNumber}.</p>
              <p className="text-sm text-gray-700">We have also e-mailed this link to the order's address. It works for 30 days.</p>
              <Link href={lookup.data.link} className={buttonClasses('default', 'lg', 'justify-self-start')}>
                View order #{lookup.data.orderNumber}
              </Link>
            </div>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Order lookup">
              <FormField label="Order number" error={errors.orderNumber} hint="For example PB-7K3Q9D">
                <Input value={orderNumber} onChange={(event) => setOrderNumber(event.target.value)} autoCapitalize="characters" autoComplete="off" required />
              </FormField>
              <FormField label="Email" error={errors.email}>
                <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
              </FormField>
              {errors.form ? (
                <p role="alert" className="text-sm text-red-700">
                  {errors.form}
                </p>
              ) : null}
              <Button type="submit" size="lg" disabled={lookup.isPending}>
                {lookup.isPending ? 'Looking up...' : 'Find order'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-gray-700">
        Ordered with an account?{' '}
        <Link href="/profile" className="font-medium text-link underline-offset-4 hover:underline">
          Your orders are in your profile
        </Link>
        .
      </p>
    </div>
  );
}
