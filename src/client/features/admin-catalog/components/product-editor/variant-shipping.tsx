import { useId } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { emptyShipping, type ShippingDraft, type WeightUnit } from './shipping-draft.ts';

// A variant's weight, box and feed identifiers behind one disclosure per row: five more columns would
// not fit the matrix at 390 px, and most edits never touch them.

function Field({
  label,
  of,
  value,
  error,
  onChange,
  inputMode,
  width,
}: {
  label: string;
  /** the variant, in the field's accessible name: every row has these fields */
  of: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  inputMode?: 'decimal';
  width: string;
}) {
  const id = useId();
  return (
    <div className={`grid gap-1 ${width}`}>
      <label htmlFor={id} className="text-xs text-gray-700">
        {label}
      </label>
      <Input
        id={id}
        aria-label={`${label} of ${of}`}
        value={value}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function VariantShipping({
  label,
  draft,
  errors,
  onChange,
}: {
  label: string;
  draft: ShippingDraft | undefined;
  /** by document field: weightGrams, lengthMm, widthMm, heightMm, gtin, mpn */
  errors: Record<string, string>;
  onChange: (draft: ShippingDraft) => void;
}) {
  const current = draft ?? emptyShipping();
  const set = (changes: Partial<ShippingDraft>) => onChange({ ...current, ...changes });
  const hasError = ['weightGrams', 'lengthMm', 'widthMm', 'heightMm', 'gtin', 'mpn'].some((field) => errors[field]);
  return (
    <details open={hasError || undefined} className="sticky left-2 max-w-[calc(100vw-3rem)]">
      <summary className="cursor-pointer text-sm text-gray-700">Shipping &amp; identifiers of {label}</summary>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        <div className="flex items-end gap-1">
          <Field
            of={label}
            label="Weight"
            value={current.weight}
            error={errors.weightGrams}
            inputMode="decimal"
            onChange={(weight) => set({ weight })}
            width="w-20"
          />
          <select
            aria-label={`Weight unit of ${label}`}
            className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm"
            value={current.weightUnit}
            onChange={(event) => set({ weightUnit: event.target.value as WeightUnit })}
          >
            <option value="oz">oz</option>
            <option value="lb">lb</option>
          </select>
        </div>
        <Field
          of={label}
          label="Length (in)"
          value={current.length}
          error={errors.lengthMm}
          inputMode="decimal"
          onChange={(length) => set({ length })}
          width="w-20"
        />
        <Field
          of={label}
          label="Width (in)"
          value={current.width}
          error={errors.widthMm}
          inputMode="decimal"
          onChange={(width) => set({ width })}
          width="w-20"
        />
        <Field
          of={label}
          label="Height (in)"
          value={current.height}
          error={errors.heightMm}
          inputMode="decimal"
          onChange={(height) => set({ height })}
          width="w-20"
        />
        <Field of={label} label="GTIN (UPC/EAN)" value={current.gtin} error={errors.gtin} onChange={(gtin) => set({ gtin })} width="w-40" />
        <Field of={label} label="MPN" value={current.mpn} error={errors.mpn} onChange={(mpn) => set({ mpn })} width="w-36" />
      </div>
    </details>
  );
}
