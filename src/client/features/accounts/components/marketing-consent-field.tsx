import { useId } from 'react';
import { ACCOUNT_CONSENT_TEXT } from '#common/newsletter.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';

interface MarketingConsentFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  hint: string;
}

/** The opt-in box for marketing e-mail: never ticked for the shopper, the label a 44 px tall target. */
export function MarketingConsentField({ checked, onCheckedChange, disabled, hint }: MarketingConsentFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox id={id} checked={checked} disabled={disabled} aria-describedby={`${id}-hint`} onCheckedChange={(value) => onCheckedChange(value === true)} />
        <Label htmlFor={id} className="flex min-h-11 cursor-pointer items-center">
          {ACCOUNT_CONSENT_TEXT}
        </Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {hint}
      </p>
    </div>
  );
}
