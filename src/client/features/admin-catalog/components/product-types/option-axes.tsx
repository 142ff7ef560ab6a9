import { useState } from 'react';
import type { OptionType } from '#common/schemas/catalog-model.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { Change } from '../../api/product-types.ts';
import { MoveButtons, moved } from '../move-buttons.tsx';
import { RenameForm } from './rename-form.tsx';

interface OptionAxesProps {
  axes: OptionType[];
  busy: boolean;
  onChange: (change: Change, done?: () => void) => void;
  /** asks before a delete (the page's dialog) */
  onDelete: (question: string, subject: string, change: Change) => void;
}

type Renaming = { kind: 'axis' | 'value'; id: number } | null;

/** Every variant axis with its shared values: rename, reorder the values, delete what nothing uses. */
export function OptionAxes({ axes, busy, onChange, onDelete }: OptionAxesProps) {
  const [renaming, setRenaming] = useState<Renaming>(null);
  const isRenaming = (kind: 'axis' | 'value', id: number) => renaming?.kind === kind && renaming.id === id;
  return (
    <div className="grid gap-6">
      {axes.map((axis) => (
        <section key={axis.id} aria-labelledby={`axis-${axis.id}`} className="grid gap-2" data-testid={`axis-${axis.key}`}>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            {isRenaming('axis', axis.id) ? (
              <RenameForm
                label={`New name of ${axis.name}`}
                initial={axis.name}
                busy={busy}
                onCancel={() => setRenaming(null)}
                onSave={(name) => onChange({ kind: 'rename-axis', id: axis.id, name }, () => setRenaming(null))}
              />
            ) : (
              <h3 id={`axis-${axis.id}`} className="flex-1 font-semibold text-gray-900">
                {axis.name} <span className="text-sm font-normal text-gray-600">· key {axis.key}</span>
              </h3>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Rename axis ${axis.name}`}
                onClick={() => setRenaming({ kind: 'axis', id: axis.id })}
              >
                Rename
              </Button>
              <Button
                type="button"
                size="sm"
                variant="destructive"
                disabled={busy}
                aria-label={`Delete axis ${axis.name}`}
                onClick={() => onDelete('Delete this option axis and its values?', axis.name, { kind: 'delete-axis', id: axis.id })}
              >
                Delete
              </Button>
            </div>
          </div>
          {axis.values.length === 0 ? (
            <p className="text-sm text-gray-600">No values yet: they come with the products that use them.</p>
          ) : (
            <ol className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label={`Values of ${axis.name}, in the shop's order`}>
              {axis.values.map((value, index) => (
                <li key={value.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  {isRenaming('value', value.id) ? (
                    <RenameForm
                      label={`New label of ${axis.name} ${value.label}`}
                      initial={value.label}
                      busy={busy}
                      onCancel={() => setRenaming(null)}
                      onSave={(label) => onChange({ kind: 'rename-value', id: value.id, label }, () => setRenaming(null))}
                    />
                  ) : (
                    <span className="min-w-24 flex-1 text-gray-900">{value.label}</span>
                  )}
                  <div className="flex flex-wrap gap-2">
                    <MoveButtons
                      name={`${axis.name} ${value.label}`}
                      index={index}
                      count={axis.values.length}
                      disabled={busy}
                      onMove={(by) =>
                        onChange({
                          kind: 'order-values',
                          axisId: axis.id,
                          ids: moved(
                            axis.values.map((entry) => entry.id),
                            index,
                            by,
                          ),
                        })
                      }
                    />
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Rename ${axis.name} ${value.label}`}
                      onClick={() => setRenaming({ kind: 'value', id: value.id })}
                    >
                      Rename
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="destructive"
                      disabled={busy}
                      aria-label={`Delete ${axis.name} ${value.label}`}
                      onClick={() => onDelete('Delete this option value?', `${axis.name} ${value.label}`, { kind: 'delete-value', id: value.id })}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
