import { useState, type FormEvent } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useSignUpStockAlert } from '../api/sign-up-stock-alert.ts';

/**
 * "Notify me" under a sold-out variant: one e-mail when it is back in stock. A guest confirms the
 * address by a link first; a signed-in customer's own address starts filled in and needs none.
 */
export function NotifyMe({ variantId, itemName }: { variantId: number; itemName: string }) {
  const { user } = useCurrentUser();
  const [email, setEmail] = useState<string | null>(null);
  const signUp = useSignUpStockAlert();
  const shown = email ?? user?.email ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    signUp.mutate({ variantId, email: shown });
  }

  if (signUp.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
        {signUp.data.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={`Notify me when ${itemName} is back`}>
      <p className="text-sm text-gray-700">Sold out. Leave your e-mail and we&apos;ll tell you once when it&apos;s back.</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="Email" error={signUp.isError ? signUp.error.message : undefined} className="flex-1">
          <Input type="email" autoComplete="email" required maxLength={254} value={shown} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <Button type="submit" disabled={signUp.isPending}>
          <Bell className="h-4 w-4" aria-hidden="true" />
          Notify me
        </Button>
      </div>
    </form>
  );
}

/** After the confirmation link: the product page says the alert is on. */
export function AlertConfirmedNotice() {
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      Your alert is confirmed. We&apos;ll e-mail you once when it&apos;s back in stock.
    </p>
  );
}
