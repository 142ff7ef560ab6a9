import { cloneElement, useId, type ReactElement } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Label } from './label.tsx';

interface FormFieldProps {
  label: string;
  /** The message shown under the control and announced with it. */
  error?: string;
  hint?: string;
  className?: string;
  /** One control (Input, Textarea, Select...): it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/** A labelled control with its hint (until there is an error) or its error, wired for assistive technology. */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  // once there is an error it says what the hint said, only sharper: showing both would repeat it
  const shownHint = error ? undefined : hint;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {shownHint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
