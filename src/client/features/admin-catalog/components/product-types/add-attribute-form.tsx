import { useState } from 'react';
import { ATTRIBUTE_KINDS, ATTRIBUTE_UNITS, type AttributeDefinition } from '#common/schemas/catalog-model.ts';
import type { AttributeInput } from '#common/schemas/admin-product-types.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { KIND_LABELS, splitChoices } from './attribute-row.tsx';

/** A new spec sheet field: name, kind, unit for numbers, choices for choice kinds, shop filter. */
export function AddAttributeForm({ busy, onAdd }: { busy: boolean; onAdd: (input: AttributeInput) => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AttributeDefinition['kind']>('number');
  const [unit, setUnit] = useState('');
  const [choices, setChoices] = useState('');
  const [isFilter, setIsFilter] = useState(false);
  const numeric = kind === 'number' || kind === 'range';
  const choosing = kind === 'choice' || kind === 'multi_choice';
  return (
    <form
      aria-label="Add a spec field"
      className="grid gap-3 rounded-md border border-dashed border-gray-300 p-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onAdd({
          name: name.trim(),
          kind,
          unit: numeric && unit ? (unit as AttributeDefinition['unit']) : null,
          choices: choosing ? splitChoices(choices) : [],
          isFilter,
        }).then(() => {
          setName('');
          setChoices('');
        });
      }}
    >
      <FormField label="New field name">
        <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <FormField label="Kind">
        <Select value={kind} onChange={(event) => setKind(event.target.value as AttributeDefinition['kind'])}>
          {ATTRIBUTE_KINDS.map((option) => (
            <option key={option} value={option}>
              {KIND_LABELS[option]}
            </option>
          ))}
        </Select>
      </FormField>
      {numeric ? (
        <FormField label="Unit of the new field">
          <Select value={unit} onChange={(event) => setUnit(event.target.value)}>
            <option value="">None</option>
            {ATTRIBUTE_UNITS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      {choosing ? (
        <FormField label="Choices of the new field" hint="Separated by commas">
          <Input value={choices} onChange={(event) => setChoices(event.target.value)} />
        </FormField>
      ) : null}
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <Checkbox checked={isFilter} onCheckedChange={(checked) => setIsFilter(checked === true)} />
        Shop filter
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy || !name.trim()}>
          Add field
        </Button>
      </div>
    </form>
  );
}
