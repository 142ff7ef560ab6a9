import { useUpdateProfile } from '../api/update-profile.ts';
import { MarketingConsentField } from './marketing-consent-field.tsx';

/** Profile: the marketing e-mail opt-in, saved as soon as it is ticked or unticked. */
export function MarketingConsentForm({ consent }: { consent: boolean }) {
  const update = useUpdateProfile();
  // while saving, the box shows what was asked for
  const checked = update.isPending && update.variables?.marketingConsent !== undefined ? update.variables.marketingConsent : consent;
  return (
    <MarketingConsentField
      checked={checked}
      disabled={update.isPending}
      onCheckedChange={(value) => update.mutate({ marketingConsent: value })}
      hint="Occasional e-mails about new gear and offers. Untick to stop them; order e-mails always come."
    />
  );
}
