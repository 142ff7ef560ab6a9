import { useState, type FormEvent } from 'react';
import type { SiteSettings } from '#common/schemas/content.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useUpdateReturnPolicy } from '../api/update-return-policy.ts';

function ReturnPolicyForm({ settings }: { settings: SiteSettings }) {
  const update = useUpdateReturnPolicy();
  const [days, setDays] = useState(String(settings.returnWindowDays));
  const [conditions, setConditions] = useState(settings.returnConditions);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const windowDays = Number(days);
    if (!/^\d+$/.test(days.trim()) || windowDays > 365) return setError('Return window must be a whole number of days from 0 to 365');
    update.mutate({ windowDays, conditions }, { onError: (failure: Error) => setError(failure.message) });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor="return-window-days">Return window (days after delivery)</Label>
        <Input
          id="return-window-days"
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          aria-describedby="return-window-help"
        />
        <p id="return-window-help" className="text-xs text-gray-600">
          0 turns returns off.
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="return-conditions">Return conditions</Label>
        <Textarea id="return-conditions" rows={4} maxLength={2000} value={conditions} onChange={(event) => setConditions(event.target.value)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save return policy'}
        </Button>
      </div>
    </form>
  );
}

/** The return window ("test drive") and its terms: shown on product pages, the policies page and order e-mails. */
export function ReturnPolicyCard() {
  const settings = useSiteSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Returns</CardTitle>
        <CardDescription>
          How long after delivery customers may ask for a return, and on what terms. Shown on product pages, the Policies page and order e-mails.
        </CardDescription>
      </CardHeader>
      <CardContent>{settings.data ? <ReturnPolicyForm key={settings.data.updatedAt} settings={settings.data} /> : null}</CardContent>
    </Card>
  );
}
