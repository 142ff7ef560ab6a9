import { useState, type FormEvent } from 'react';
import { Copy } from 'lucide-react';
import { formatGiftCardCode } from '#common/gift-cards.ts';
import { formatCents, toCents } from '#common/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useIssueGiftCard } from '../api/gift-cards-admin.ts';

const EMPTY = { amount: '', recipientName: '', recipientEmail: '', message: '' };

/** The server's word for a field, by the path of its first issue; anything else goes above the button. */
function problemOf(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.issues.find((issue) => issue.path === field)?.message;
}

/**
 * Issuing a card by hand. The answer's code is shown here once, with a copy button: the shop keeps only its
 * hash, so once this box is closed no one can read the code again.
 */
export function IssueGiftCardForm() {
  const issue = useIssueGiftCard();
  const [values, setValues] = useState(EMPTY);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const change = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountCents = toCents(values.amount.replace(/[$,\s]/g, ''));
    if (!Number.isInteger(amountCents) || amountCents <= 0) {
      setAmountProblem('Enter the amount in dollars, for example 50 or 25.50');
      return;
    }
    setAmountProblem(null);
    setCopied(false);
    issue.mutate(
      { amountCents, recipientName: values.recipientName, recipientEmail: values.recipientEmail, message: values.message },
      { onSuccess: () => setValues(EMPTY) },
    );
  }

  async function copy(code: string) {
    await navigator.clipboard.writeText(code);
    setCopied(true);
  }

  const issued = issue.data;
  const generalError = issue.error && !(issue.error instanceof ApiError && issue.error.issues.length > 0) ? issue.error.message : null;
  return (
    <section aria-labelledby="issue-heading" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="issue-heading" className="text-xl font-bold text-gray-900">
        Issue a gift card
      </h2>
      {issued ? (
        <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Gift card issued for {formatCents(issued.balanceCents)}. Its code is shown only this once:</p>
          <div className="flex flex-wrap items-center gap-3">
            <code className="rounded bg-white px-3 py-2 font-mono text-lg tracking-wider break-all text-gray-900" data-testid="issued-code">
              {formatGiftCardCode(issued.code)}
            </code>
            <Button type="button" variant="outline" onClick={() => void copy(formatGiftCardCode(issued.code))}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              {copied ? 'Copied' : 'Copy code'}
            </Button>
          </div>
          <p className="text-sm">Give it to the recipient now: the shop keeps only its last four characters.</p>
          <Button type="button" variant="ghost" className="justify-self-start" onClick={() => issue.reset()}>
            Done
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Issue a gift card" className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <FormField label="Amount ($)" error={amountProblem ?? problemOf(issue.error, 'amountCents')}>
            <Input inputMode="decimal" value={values.amount} onChange={change('amount')} placeholder="50.00" required />
          </FormField>
          <FormField label="Recipient name (optional)" error={problemOf(issue.error, 'recipientName')}>
            <Input value={values.recipientName} onChange={change('recipientName')} autoComplete="off" />
          </FormField>
          <FormField label="Recipient e-mail (optional)" error={problemOf(issue.error, 'recipientEmail')}>
            <Input type="email" value={values.recipientEmail} onChange={change('recipientEmail')} autoComplete="off" />
          </FormField>
          <FormField label="Note (optional)" hint="Kept with the card, for you and the recipient" error={problemOf(issue.error, 'message')}>
            <Textarea value={values.message} onChange={change('message')} rows={2} maxLength={500} />
          </FormField>
          {generalError ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {generalError}
            </p>
          ) : null}
          <Button type="submit" disabled={issue.isPending} className="sm:col-span-2 sm:justify-self-start">
            {issue.isPending ? 'Issuing...' : 'Issue gift card'}
          </Button>
        </form>
      )}
    </section>
  );
}
