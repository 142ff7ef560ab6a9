import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatCents } from '#common/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useCheckBalance } from '../api/check-balance.ts';

/** /gift-cards/balance: what a gift card holds, by its code; only its last four characters are shown back. */
export default function GiftCardBalancePage() {
  useDocumentTitle('Gift card balance');
  const check = useCheckBalance();
  const [code, setCode] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || check.isPending) return;
    check.mutate(code.trim());
  }

  const card = check.data;
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Gift card balance</h1>
      <p className="mt-2 text-gray-700">Enter the 16-character code from your gift card e-mail to see what is left on it.</p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Check a gift card</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Gift card balance">
            <FormField label="Gift card code" hint="For example ABCD-EFGH-JKMN-PQRS" error={check.error?.message}>
              <Input
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                required
              />
            </FormField>
            <Button type="submit" size="lg" disabled={!code.trim() || check.isPending}>
              {check.isPending ? 'Checking...' : 'Check balance'}
            </Button>
          </form>
          {card && !check.isPending ? (
            <div role="status" className="grid gap-1 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-green-950">
              <p>
                The gift card ending in <span className="font-semibold">{card.last4}</span> has{' '}
                <span className="text-lg font-bold tabular-nums">{formatCents(card.balanceCents)}</span> left.
              </p>
              {card.status === 'disabled' ? <p className="text-sm">This card is disabled: please contact us before using it.</p> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-gray-700">
        Spend it at checkout under Pay with a gift card.{' '}
        <Link href="/shop" className="inline-flex min-h-11 items-center font-medium text-link underline-offset-4 hover:underline md:min-h-0">
          Go shopping
        </Link>
      </p>
    </div>
  );
}
