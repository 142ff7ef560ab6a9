import { useId } from 'react';
import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import type { SpecDraft } from './editor-model.ts';

interface SpecFieldProps {
  attribute: AttributeDefinition;
  /** what the field is called for assistive technology: "Static weight" or "Static weight of 16 mm / 4 1/4 in" */
  label: string;
  value: SpecDraft;
  error?: string;
  onChange: (value: SpecDraft) => void;
}

const unitText = (attribute: AttributeDefinition) => (attribute.unit ? ` (${attribute.unit})` : '');

/** One spec value's controls by its kind: a number with its unit, a min-max range, a choice, several, yes/no/not stated, text. */
export function SpecField({ attribute, label, value, error, onChange }: SpecFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const control = (() => {
    switch (attribute.kind) {
      case 'number':
        return <Input id={id} inputMode="decimal" value={value.text ?? ''} onChange={(event) => onChange({ text: event.target.value })} {...invalid} />;
      case 'range':
        return (
          <div className="flex items-center gap-2">
            <Input
              aria-label={`${label} minimum${unitText(attribute)}`}
              inputMode="decimal"
              value={value.min ?? ''}
              onChange={(event) => onChange({ ...value, min: event.target.value })}
              {...invalid}
            />
            <span aria-hidden="true">–</span>
            <Input
              aria-label={`${label} maximum${unitText(attribute)}`}
              inputMode="decimal"
              value={value.max ?? ''}
              onChange={(event) => onChange({ ...value, max: event.target.value })}
              {...invalid}
            />
          </div>
        );
      case 'choice':
        return (
          <Select id={id} value={value.choice ?? ''} onChange={(event) => onChange({ choice: event.target.value })} {...invalid}>
            <option value="">Not stated</option>
            {attribute.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </Select>
        );
      case 'multi_choice':
        return (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {attribute.choices.map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
                <Checkbox
                  aria-label={`${label}: ${choice}`}
                  checked={value.choices?.includes(choice) ?? false}
                  onCheckedChange={(checked) =>
                    onChange({ choices: checked === true ? [...(value.choices ?? []), choice] : (value.choices ?? []).filter((other) => other !== choice) })
                  }
                />
                {choice}
              </label>
            ))}
          </div>
        );
      case 'tristate':
        return (
          <Select id={id} value={value.flag ?? ''} onChange={(event) => onChange({ flag: event.target.value as SpecDraft['flag'] })} {...invalid}>
            <option value="">Not stated</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </Select>
        );
      case 'text':
        return <Input id={id} value={value.text ?? ''} maxLength={2000} onChange={(event) => onChange({ text: event.target.value })} {...invalid} />;
    }
  })();
  const grouped = attribute.kind === 'range' || attribute.kind === 'multi_choice';
  return (
    <div className="grid gap-1.5" role={grouped ? 'group' : undefined} aria-label={grouped ? `${label}${unitText(attribute)}` : undefined}>
      {grouped ? (
        <span className="text-sm font-medium text-gray-900">
          {label}
          {unitText(attribute)}
        </span>
      ) : (
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {label}
          {unitText(attribute)}
        </label>
      )}
      {control}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
