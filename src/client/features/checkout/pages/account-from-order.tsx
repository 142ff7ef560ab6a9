import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { CheckCircle2 } from 'lucide-react';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useCreateAccountFromOrder } from '../api/create-account-from-order.ts';

// The password's rule (zod with it) loads when the shopper starts on the form, not with the thank-you page (decision 068).
const loadRule = () => import('#common/schemas/order-account.ts');

interface AccountFromOrderProps {
  paymentIntentId: string;
  /** the order's e-mail: the account's, so the shopper types only a password */
  email: string;
}

/**
 * "Create an account to track this order" for a guest on the thank-you page: one password, and the
 * order (with its address) is on the new account, signed in (decision 040).
 */
export function AccountFromOrder({ paymentIntentId, email }: AccountFromOrderProps) {
  const create = useCreateAccountFromOrder();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  if (create.data) {
    return (
      <section aria-labelledby="account-created" className="rounded-lg border border-green-200 bg-green-50 px-5 py-4 text-left">
        <h2 id="account-created" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />
          Your account is ready
        </h2>
        <p role="status" className="mt-1 text-sm text-gray-700">
          You are signed in as {create.data.user.username}. Order #{create.data.orderNumber} is in your order history
          {create.data.addressSaved ? ' and its address is saved for your next checkout.' : '.'}
        </p>
        <Link href="/profile" className={buttonClasses('outline', 'default', 'mt-3')}>
          View your orders
        </Link>
      </section>
    );
  }

  // the server's refusal: beside the field when it is about the password, else above the button
  const refusal = create.error instanceof ApiError ? create.error : create.error ? new ApiError(0, 'The shop could not be reached. Please try again.') : null;
  const passwordIssue = refusal?.issues.find((issue) => issue.path === 'password')?.message;
  const shownFieldError = fieldError ?? passwordIssue;
  const formError = refusal && !passwordIssue ? refusal.message : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // when the rule's code cannot load, the server checks the same rule and answers beside the field
    const checked = await loadRule().then(
      ({ AccountFromOrderInput }) => AccountFromOrderInput.shape.password.safeParse(password),
      () => null,
    );
    if (checked && !checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    create.mutate({ paymentIntentId, password });
  };

  return (
    <section aria-labelledby="account-offer" className="rounded-lg border border-gray-200 bg-white px-5 py-4 text-left shadow-sm">
      <h2 id="account-offer" className="text-lg font-semibold text-gray-900">
        Create an account to track this order
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Your account uses <span className="font-medium break-all text-gray-900">{email}</span>. Choose a password: this order and its address are saved to it,
        and next time checkout fills itself in.
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={() => void loadRule().catch(() => undefined)}
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      >
        <FormField label="Password" error={shownFieldError} hint="At least 8 characters.">
          <Input type="password" name="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </FormField>
        <Button type="submit" size="lg" className="sm:mt-6" disabled={create.isPending}>
          {create.isPending ? 'Creating account...' : 'Create account'}
        </Button>
        {formError ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {formError}{' '}
            {refusal?.status === 409 ? (
              <Link href="/auth" className="font-medium underline">
                Sign in
              </Link>
            ) : null}
          </p>
        ) : null}
      </form>
    </section>
  );
}
