import { useState } from 'react';
import { useUpdateProfile } from '../api/update-profile.ts';
import { MarketingConsentField } from './marketing-consent-field.tsx';

/** Profile: the marketing e-mail opt-in, saved as soon as it is ticked or unticked. */
export function MarketingConsentForm({ consent }: { consent: boolean }) {
  const update = useUpdateProfile();
  // while saving, the box shows what was asked for; a refused save puts back what the server has
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <MarketingConsentField
      checked={asked ?? consent}
      disabled={update.isPending}
      onCheckedChange={(value) => {
        setAsked(value);
        update.mutate({ marketingConsent: value }, { onSettled: () => setAsked(null) });
      }}
      hint="Occasional e-mails about new gear and offers, once you open the link we e-mail you to confirm. Untick to stop them; order e-mails always come."
    />
  );
}
