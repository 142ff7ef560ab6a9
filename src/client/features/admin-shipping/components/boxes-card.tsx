import { useState, type FormEvent } from 'react';
import { GRAMS_PER_OUNCE, MM_PER_INCH } from '#common/parcel-boxes.ts';
import type { ShippingBoxView } from '#common/schemas/shipping.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useSaveShippingBox, useShippingBoxes } from '../api/shipping-boxes.ts';

// The owner measures boxes in inches and ounces, as US carriers and box suppliers do; the shop keeps
// millimetres and grams like the variants' sizes (decision 049), so a tenth of an inch is what is shown.
const inches = (mm: number) => String(Math.round((mm / MM_PER_INCH) * 10) / 10);
const ounces = (grams: number) => String(Math.round((grams / GRAMS_PER_OUNCE) * 10) / 10);

/** The typed number as millimetres or grams; text that is not a number goes to the server as is, to be refused in its words. */
const toUnits = (text: string, per: number) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? Math.round(value * per) : Number.NaN;
};

interface BoxDraft {
  name: string;
  length: string;
  width: string;
  height: string;
  weight: string;
}

const EMPTY: BoxDraft = { name: '', length: '', width: '', height: '', weight: '0' };

const draftOf = (box: ShippingBoxView): BoxDraft => ({
  name: box.name,
  length: inches(box.lengthMm),
  width: inches(box.widthMm),
  height: inches(box.heightMm),
  weight: ounces(box.weightGrams),
});

function BoxForm({ editing, onDone }: { editing: ShippingBoxView | null; onDone: () => void }) {
  const save = useSaveShippingBox();
  const [draft, setDraft] = useState<BoxDraft>(editing ? draftOf(editing) : EMPTY);
  const field = (key: keyof BoxDraft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      name: draft.name,
      lengthMm: toUnits(draft.length, MM_PER_INCH),
      widthMm: toUnits(draft.width, MM_PER_INCH),
      heightMm: toUnits(draft.height, MM_PER_INCH),
      weightGrams: toUnits(draft.weight, GRAMS_PER_OUNCE),
    };
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          if (!editing) setDraft(EMPTY);
          onDone();
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : 'New box'}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <FormField label="Box name" className="sm:col-span-2">
        <Input {...field('name')} maxLength={80} />
      </FormField>
      <FormField label="Length (in)">
        <Input {...field('length')} inputMode="decimal" />
      </FormField>
      <FormField label="Width (in)">
        <Input {...field('width')} inputMode="decimal" />
      </FormField>
      <FormField label="Height (in)">
        <Input {...field('height')} inputMode="decimal" />
      </FormField>
      <FormField label="Box weight (oz)">
        <Input {...field('weight')} inputMode="decimal" />
      </FormField>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
        <Button type="submit" disabled={save.isPending}>
          {editing ? 'Save box' : 'Add box'}
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
      {save.error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-6">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The owner's boxes (docs/decisions/069): inside length, width and height and the box's own weight. A
 * label is rated for the smallest box its items fit, and the Fulfil dialog can pick another.
 */
export function BoxesCard() {
  const boxes = useShippingBoxes();
  const remove = useSaveShippingBox();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Boxes</CardTitle>
        <p className="text-sm text-gray-700">
          Labels are rated for the smallest box the parcel&apos;s items fit (by volume and longest side), with its size and weight. Inside sizes, in inches.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {boxes.isError ? <p role="alert">The boxes could not be read: {boxes.error.message}</p> : null}
        {boxes.data && boxes.data.boxes.length === 0 ? (
          <p className="text-sm text-gray-700">No boxes yet: labels are rated for the items&apos; own size.</p>
        ) : null}
        {boxes.data && boxes.data.boxes.length > 0 ? (
          <ul className="grid gap-2" aria-label="Boxes">
            {boxes.data.boxes.map((box) => (
              <li key={box.id} className="grid gap-2 rounded-md border border-gray-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-gray-900">
                    <span className="font-medium">{box.name}</span> · {inches(box.lengthMm)} × {inches(box.widthMm)} × {inches(box.heightMm)} in ·{' '}
                    {ounces(box.weightGrams)} oz
                  </p>
                  <div className="flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(editing === box.id ? null : box.id)}>
                      Edit
                    </Button>
                    <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate({ id: box.id, delete: true })}>
                      Delete
                    </Button>
                  </div>
                </div>
                {editing === box.id ? <BoxForm editing={box} onDone={() => setEditing(null)} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <BoxForm editing={null} onDone={() => undefined} />
      </CardContent>
    </Card>
  );
}
