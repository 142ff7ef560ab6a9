import { useState } from 'react';
import { MAX_OPTION_TYPES, type OptionType } from '#common/schemas/catalog-model.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';

interface TypeAxesProps {
  chosen: number[];
  axes: OptionType[];
  busy: boolean;
  onSave: (optionTypeIds: number[]) => void;
}

/** Up to three axes a type's products vary by, in the order ticked. */
export function TypeAxes({ chosen, axes, busy, onSave }: TypeAxesProps) {
  const [ids, setIds] = useState(chosen);
  const full = ids.length >= MAX_OPTION_TYPES;
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-gray-900">Option axes (at most {MAX_OPTION_TYPES}, in the order ticked)</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {axes.map((axis) => {
          const on = ids.includes(axis.id);
          return (
            <label key={axis.id} className="flex min-h-11 items-center gap-2 text-sm">
              <Checkbox
                checked={on}
                disabled={!on && full}
                onCheckedChange={(checked) => setIds((current) => (checked === true ? [...current, axis.id] : current.filter((id) => id !== axis.id)))}
              />
              {axis.name}
              {on ? <span className="text-xs text-gray-600">({ids.indexOf(axis.id) + 1})</span> : null}
              <span className="sr-only">, key {axis.key}</span>
            </label>
          );
        })}
      </div>
      <div>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onSave(ids)}>
          Save axes
        </Button>
      </div>
    </fieldset>
  );
}
