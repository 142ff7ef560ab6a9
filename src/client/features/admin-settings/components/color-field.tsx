import { useId } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

interface ColorFieldProps {
  label: string;
  value: string;
  /** The default colour, shown by the picker while the text is empty. */
  fallback: string;
  error?: string;
  /** Where the colour fails WCAG AA and what the storefront does about it. */
  warning?: string;
  onChange: (value: string) => void;
}

/** A colour picker and its hex text side by side; either one edits the same value. */
export function ColorField({ label, value, fallback, error, warning, onChange }: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy = [error ? errorId : null, warning ? warningId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid grid-cols-1 content-start gap-1.5">
      <Label htmlFor={`${id}-text`}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX_COLOR.test(value) ? value.toLowerCase() : fallback}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
        />
        <Input
          id={`${id}-text`}
          value={value}
          placeholder={fallback}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className="font-mono"
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {warning ? (
        <p id={warningId} className="text-sm text-amber-800">
          <span className="font-semibold">Low contrast:</span> {warning}
        </p>
      ) : null}
    </div>
  );
}
