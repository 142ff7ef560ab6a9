import { useState } from 'react';
import { ATTRIBUTE_UNITS, type AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { MoveButtons } from '../move-buttons.tsx';

export const KIND_LABELS: Record<AttributeDefinition['kind'], string> = {
  number: 'Number',
  range: 'Range (min-max)',
  choice: 'Choice',
  multi_choice: 'Several choices',
  tristate: 'Yes / no / not stated',
  text: 'Text',
};

interface AttributeRowProps {
  attribute: AttributeDefinition;
  /** its place in the spec sheet, of `count` */
  index: number;
  count: number;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onSave: (changes: { name: string; unit: AttributeDefinition['unit']; choices: string[]; isFilter: boolean }) => void;
  onDelete: () => void;
}

export const splitChoices = (text: string) =>
  text
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);

/** One spec sheet field: shown, or edited in place (name, unit, choices, shop filter); moved up or down; deleted. */
export function AttributeRow({ attribute, index, count, busy, onMove, onSave, onDelete }: AttributeRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(attribute.name);
  const [unit, setUnit] = useState(attribute.unit ?? '');
  const [choices, setChoices] = useState(attribute.choices.join(', '));
  const [isFilter, setIsFilter] = useState(attribute.isFilter);
  const numeric = attribute.kind === 'number' || attribute.kind === 'range';
  const choosing = attribute.kind === 'choice' || attribute.kind === 'multi_choice';
  return (
    <li className="grid gap-3 py-3" data-testid={`attribute-row-${attribute.key}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
            {attribute.name}
            {attribute.isFilter ? <Badge variant="success">Shop filter</Badge> : null}
          </p>
          <p className="text-sm text-gray-600">
            {KIND_LABELS[attribute.kind]}
            {attribute.unit ? `, ${attribute.unit}` : ''}
            {attribute.choices.length > 0 ? `: ${attribute.choices.join(', ')}` : ''} · key {attribute.key}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <MoveButtons name={attribute.name} index={index} count={count} disabled={busy} onMove={onMove} />
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(!editing)} aria-expanded={editing} aria-label={`Edit ${attribute.name}`}>
            Edit
          </Button>
          <Button type="button" size="sm" variant="destructive" disabled={busy} onClick={onDelete} aria-label={`Delete ${attribute.name}`}>
            Delete
          </Button>
        </div>
      </div>
      {editing ? (
        <form
          className="grid gap-3 rounded-md bg-gray-50 p-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            onSave({
              name: name.trim(),
              unit: numeric && unit ? (unit as AttributeDefinition['unit']) : null,
              choices: choosing ? splitChoices(choices) : [],
              isFilter,
            });
            setEditing(false);
          }}
        >
          <FormField label="Field name">
            <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
          </FormField>
          {numeric ? (
            <FormField label="Unit">
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
            <FormField label="Choices" hint="Separated by commas" className="sm:col-span-2">
              <Input value={choices} onChange={(event) => setChoices(event.target.value)} />
            </FormField>
          ) : null}
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <Checkbox checked={isFilter} onCheckedChange={(checked) => setIsFilter(checked === true)} />
            Shop filter
          </label>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" size="sm" disabled={busy}>
              Save field
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
