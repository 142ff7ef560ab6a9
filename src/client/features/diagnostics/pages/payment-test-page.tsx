import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { DEFAULT_TEST_PAYMENT_AMOUNT } from '#common/schemas/diagnostics.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useRunTestPayment } from '../api/run-test-payment.ts';
import { useSendTestOrderEmail } from '../api/send-test-order-email.ts';
import { AdminOnly } from '../components/admin-only.tsx';
import { TestPaymentResultView } from '../components/test-payment-result.tsx';

function TestPaymentCard() {
  const [amount, setAmount] = useState(String(DEFAULT_TEST_PAYMENT_AMOUNT));
  const run = useRunTestPayment();

  function submit(event: FormEvent) {
    event.preventDefault();
    run.mutate(Number(amount));
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Test payment flow</CardTitle>
        <CardDescription>Creates a real "Payment test" order (no stock is taken) and its payment through the active payment provider.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
          <FormField label="Amount (USD)" className="sm:w-48">
            <Input type="number" inputMode="decimal" min={0.01} step={0.01} required value={amount} onChange={(event) => setAmount(event.target.value)} />
          </FormField>
          <Button type="submit" disabled={run.isPending}>
            {run.isPending ? 'Running...' : 'Run Test Payment'}
          </Button>
        </form>
        {run.data ? <TestPaymentResultView key={run.data.paymentIntent.id} result={run.data} /> : null}
      </CardContent>
    </Card>
  );
}

function TestEmailCard() {
  const send = useSendTestOrderEmail();
  function sendSample() {
    send.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Test email sent successfully', description: result.message, variant: 'success' }),
      onError: (error) => {
        // The details are in the console
        console.error('Email test failed', error);
        toast({ title: 'Email test failed', description: `${error.message}. Check the console for details.`, variant: 'destructive' });
      },
    });
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test order email</CardTitle>
        <CardDescription>Sends the customers' order confirmation e-mail for a sample order (two items, $99.99) to your e-mail address.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={sendSample} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Test Email'}
        </Button>
        <Link href="/admin/test-order-email" className={buttonClasses('link')}>
          Compose a test order e-mail
        </Link>
        {send.data ? (
          <p className="w-full text-sm text-gray-700" aria-live="polite">
            {send.data.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PaymentTest() {
  useDocumentTitle('Payment System Test');
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Payment System Test</h1>
        <p className="mt-1 text-gray-600">Run a payment and send an order e-mail the way shoppers get them.</p>
        <nav aria-label="Payment diagnostics" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href="/stripe-status" className="font-medium text-link hover:underline">
            Stripe status
          </Link>
          <Link href="/admin/webhook-diagnostics" className="font-medium text-link hover:underline">
            Webhook diagnostics
          </Link>
          <Link href="/order-confirmation-test" className="font-medium text-link hover:underline">
            Order confirmation test
          </Link>
          <Link href="/admin" className="font-medium text-link hover:underline">
            Admin dashboard
          </Link>
        </nav>
      </div>
      <TestPaymentCard />
      <TestEmailCard />
    </div>
  );
}

/** /payment-test: admins only; everyone else goes to /. */
export default function PaymentTestPage() {
  return (
    <AdminOnly redirectTo="/">
      <PaymentTest />
    </AdminOnly>
  );
}
