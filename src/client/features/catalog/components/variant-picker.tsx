import type { OptionType, Variant } from '#common/schemas/catalog-model.ts';
import { cn } from '#client/lib/cn.ts';
import { optionState, selectionOf, type OptionState } from '../variant-selection.ts';

const looks: Record<OptionState, string> = {
  available: 'border-gray-300 bg-white text-gray-900 hover:border-gray-500',
  'sold-out': 'border-dashed border-gray-300 bg-white text-gray-600 hover:border-gray-500',
  unavailable: 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-500',
};

/**
 * One row of buttons per axis. Every value shows: a combination that does not exist is greyed and
 * disabled (the reason in its title and name), a sold-out one is struck through and says so but can
 * be chosen (its price and "Out of Stock" show).
 */
export function VariantPicker({
  options,
  variants,
  selected,
  onChoose,
}: {
  options: OptionType[];
  variants: Variant[];
  selected: Variant;
  onChoose: (axisId: number, valueId: number) => void;
}) {
  const selection = selectionOf(selected);
  return (
    <div className="grid gap-4">
      {options.map((axis) => {
        const chosen = axis.values.find((value) => value.id === selection.get(axis.id));
        return (
          <fieldset key={axis.id}>
            <legend className="mb-2 text-sm text-gray-700">
              {axis.name}: <span className="font-semibold text-gray-900">{chosen?.label}</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {axis.values.map((value) => {
                const isChosen = value.id === chosen?.id;
                const state = isChosen ? (selected.stock > 0 ? 'available' : 'sold-out') : optionState(variants, selection, axis.id, value.id);
                const reason = state === 'unavailable' ? 'not available with the other options chosen' : state === 'sold-out' ? 'sold out' : null;
                return (
                  <button
                    key={value.id}
                    type="button"
                    aria-pressed={isChosen}
                    disabled={state === 'unavailable'}
                    title={reason ? `${value.label}: ${reason}` : undefined}
                    aria-label={state === 'unavailable' ? `${value.label}, ${reason}` : undefined}
                    onClick={() => onChoose(axis.id, value.id)}
                    className={cn(
                      'min-h-11 min-w-11 rounded-md border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:min-h-10',
                      looks[state],
                      isChosen && 'border-2 border-gray-900 ring-1 ring-gray-900',
                    )}
                  >
                    <span className={cn(state !== 'available' && 'line-through')}>{value.label}</span>
                    {state === 'sold-out' ? <span className="text-xs"> sold out</span> : null}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
