import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { isValidEmail, type CustomerDraft } from '../checkout-rules.ts';

interface CustomerInfoSectionProps {
  customer: CustomerDraft;
  onChange: (field: keyof CustomerDraft, value: string) => void;
  /** after a refused checkout: the fields in the way say why */
  showProblems: boolean;
}

/** Name, e-mail, optional phone (prefilled from the signed-in user by the parent). */
export function CustomerInfoSection({ customer, onChange, showProblems }: CustomerInfoSectionProps) {
  const nameError = showProblems && !customer.customerName.trim() ? 'Please enter your full name' : undefined;
  const emailError = showProblems && !isValidEmail(customer.customerEmail) ? 'Please enter a valid email address' : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="customer-information">Customer Information</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="group" aria-labelledby="customer-information" className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Full name" error={nameError} className="sm:col-span-2">
            <Input
              name="customerName"
              autoComplete="name"
              value={customer.customerName}
              onChange={(event) => onChange('customerName', event.target.value)}
              maxLength={200}
            />
          </FormField>
          <FormField label="Email" error={emailError} hint="Your order confirmation is sent here.">
            <Input
              name="customerEmail"
              type="email"
              autoComplete="email"
              value={customer.customerEmail}
              onChange={(event) => onChange('customerEmail', event.target.value)}
              maxLength={254}
            />
          </FormField>
          <FormField label="Phone (optional)">
            <Input
              name="phone"
              type="tel"
              autoComplete="tel"
              value={customer.phone}
              onChange={(event) => onChange('phone', event.target.value)}
              maxLength={40}
            />
          </FormField>
        </div>
      </CardContent>
    </Card>
  );
}
