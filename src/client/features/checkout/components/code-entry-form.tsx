import { useId, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

interface CodeEntryFormProps {
  /** the form's accessible name ("Coupon", "Gift card") */
  formLabel: string;
  fieldLabel: string;
  name: string;
  placeholder: string;
  maxLength: number;
  value: string;
  /** the shopper typed: the parent keeps the text and takes its refusal away */
  onChange: (value: string) => void;
  /** called with the trimmed code; never for an empty one or while the previous one is being checked */
  onSubmit: (code: string) => void;
  pending: boolean;
  pendingText: string;
  /** the Apply button's accessible name when its text alone would be ambiguous on the page */
  submitName?: string;
  /** the shop's reason the code was refused, tied to the field until the shopper types again */
  refusal: string | null;
  /** read out when it appears (the gift card's, which has no toast saying it) */
  announceRefusal?: boolean;
  autoFocus?: boolean;
}

/** Checkout's code field with its Apply button and refusal, as the coupon box and the gift card box both ask for a code. */
export function CodeEntryForm(props: CodeEntryFormProps) {
  const { value, pending, refusal } = props;
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    if (!code || pending) return;
    props.onSubmit(code);
  }

  return (
    <form onSubmit={submit} className="grid gap-1.5" aria-label={props.formLabel}>
      <Label htmlFor={inputId}>{props.fieldLabel}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          name={props.name}
          value={value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          placeholder={props.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={props.maxLength}
          // only where the form opens on the shopper's own click, so the field they asked for takes the typing
          autoFocus={props.autoFocus}
        />
        <Button type="submit" variant="outline" disabled={!value.trim() || pending} aria-label={pending ? undefined : props.submitName}>
          {pending ? props.pendingText : 'Apply'}
        </Button>
      </div>
      {refusal ? (
        <p id={errorId} role={props.announceRefusal ? 'alert' : undefined} className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
