import { useId, useState } from 'react';
import type { OptionType } from '#common/schemas/catalog-model.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import type { Axis } from './editor-model.ts';

interface AxesSectionProps {
  axes: Axis[];
  /** the shared values each axis already has in the shop */
  known: OptionType[];
  onChange: (axes: Axis[]) => void;
}

function AxisValues({ axis, known, onChange }: { axis: Axis; known: string[]; onChange: (values: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const offered = [...known, ...axis.values.filter((value) => !known.includes(value))];
  const toggle = (value: string, on: boolean) =>
    onChange(on ? offered.filter((candidate) => candidate === value || axis.values.includes(candidate)) : axis.values.filter((v) => v !== value));
  function add() {
    const value = draft.trim();
    if (!value) return;
    if (!axis.values.includes(value)) onChange([...axis.values, value]);
    setDraft('');
  }
  return (
    <fieldset className="grid gap-2 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-900">{axis.name}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {offered.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
            <Checkbox
              checked={axis.values.includes(value)}
              onCheckedChange={(checked) => toggle(value, checked === true)}
              aria-label={`${axis.name} ${value}`}
            />
            {value}
          </label>
        ))}
      </div>
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={id}>New {axis.name.toLowerCase()} value</Label>
          <Input
            id={id}
            value={draft}
            maxLength={60}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={add}>
          Add value
        </Button>
      </div>
    </fieldset>
  );
}

/** The type's axes: the owner ticks shared values or adds new ones; the matrix below shows their combinations. */
export function AxesSection({ axes, known, onChange }: AxesSectionProps) {
  if (axes.length === 0) return <p className="text-sm text-gray-600">This product type has no option axes: the product sells as one variant.</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {axes.map((axis, index) => (
        <AxisValues
          key={axis.key}
          axis={axis}
          known={(known.find((candidate) => candidate.key === axis.key)?.values ?? []).map((value) => value.label)}
          onChange={(values) => onChange(axes.map((other, at) => (at === index ? { ...other, values } : other)))}
        />
      ))}
    </div>
  );
}
