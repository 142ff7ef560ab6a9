import { Link } from 'wouter';
import { SIGN_IN_PATH } from '#common/return-to.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { isValidEmail } from '../checkout-rules.ts';

/** Signing in comes back here; the cart is in the browser, so it is still there. */
const SIGN_IN_AND_RETURN = `${SIGN_IN_PATH}?${new URLSearchParams({ returnTo: '/checkout' })}`;

interface ContactSectionProps {
  email: string;
  onChange: (email: string) => void;
  /** a guest is offered to sign in; a customer's e-mail is prefilled by the parent */
  signedIn: boolean;
  /** after a refused payment: a bad e-mail says why beside its field */
  showProblems: boolean;
  /**
   * A cart of gift cards alone ships nothing (decision 071): there is no address step, so the buyer's name (the
   * sender the recipients are told of, and the order's name) is asked here.
   */
  name?: { value: string; onChange: (name: string) => void };
}

/** Step 1, the e-mail first: the order confirmation goes there, and a shopper who leaves can be reached. */
export function ContactSection({ email, onChange, signedIn, showProblems, name }: ContactSectionProps) {
  const emailError = showProblems && !isValidEmail(email) ? 'Please enter a valid email address' : undefined;
  const nameError = showProblems && name && !name.value.trim() ? 'Please enter your full name' : undefined;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-x-4">
        <CardTitle id="checkout-contact">Contact</CardTitle>
        {signedIn ? null : (
          <p className="text-sm text-gray-700">
            Have an account?{' '}
            <Link href={SIGN_IN_AND_RETURN} className="font-medium text-link underline-offset-2 hover:underline">
              Sign in
            </Link>
          </p>
        )}
      </CardHeader>
      <CardContent>
        <div role="group" aria-labelledby="checkout-contact" className="grid gap-4">
          <FormField label="Email" error={emailError} hint="Your order confirmation is sent here.">
            <Input name="customerEmail" type="email" autoComplete="email" value={email} onChange={(event) => onChange(event.target.value)} maxLength={254} />
          </FormField>
          {name ? (
            <FormField label="Full name" error={nameError} hint="Gift cards are e-mailed, so no shipping address is needed.">
              <Input name="customerName" autoComplete="name" value={name.value} onChange={(event) => name.onChange(event.target.value)} maxLength={200} />
            </FormField>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
