import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { ConfirmDeleteDialog } from '#client/components/admin/confirm-delete-dialog.tsx';
import { useProductTypeCatalog, useProductTypeChange, type Change } from '../api/product-types.ts';
import { AddAttributeForm } from '../components/product-types/add-attribute-form.tsx';
import { AttributeRow } from '../components/product-types/attribute-row.tsx';
import { OptionAxes } from '../components/product-types/option-axes.tsx';
import { MoveButtons, moved } from '../components/move-buttons.tsx';
import { TypeAxes } from '../components/product-types/type-axes.tsx';

interface Deleting {
  question: string;
  subject: string;
  change: Change;
  /** the server's refusal (409: where it is still used) */
  refusal: string | null;
}

/** /admin/product-types: the types, their order and names; one type's axes and spec sheet; the axes and their shared values. */
export default function ProductTypesPage() {
  useDocumentTitle('Product types');
  const catalog = useProductTypeCatalog();
  const change = useProductTypeChange();
  const [newType, setNewType] = useState('');
  const [newAxis, setNewAxis] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [rename, setRename] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const askDelete = (question: string, subject: string, what: Change) => setDeleting({ question, subject, change: what, refusal: null });
  const types = catalog.data?.types ?? [];
  const selected = types.find((type) => type.id === selectedId) ?? types[0];
  const busy = change.isPending;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin?tab=products" className="text-sm font-medium text-gray-700 underline">
          Products
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Product types</h1>
      </div>
      {catalog.isLoading ? (
        <Spinner label="Loading product types" />
      ) : catalog.isError ? (
        <p role="alert" className="text-red-700">
          {catalog.error.message}
        </p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Types</CardTitle>
              <CardDescription>The shop’s categories, in this order.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ol className="divide-y divide-gray-100">
                {types.map((type, index) => (
                  <li key={type.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center" data-testid={`type-row-${type.slug}`}>
                    {rename?.id === type.id ? (
                      <form
                        className="flex flex-1 items-end gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          change.mutate({ kind: 'rename-type', id: type.id, name: rename.name.trim() }, { onSuccess: () => setRename(null) });
                        }}
                      >
                        <FormField label={`New name of ${type.name}`} className="flex-1">
                          <Input value={rename.name} maxLength={60} onChange={(event) => setRename({ id: type.id, name: event.target.value })} />
                        </FormField>
                        <Button type="submit" size="sm" disabled={busy}>
                          Save
                        </Button>
                      </form>
                    ) : (
                      <p className="flex-1 text-gray-900">
                        <span className="font-medium">{type.name}</span>{' '}
                        <span className="text-sm text-gray-600">
                          {type.productCount} product{type.productCount === 1 ? '' : 's'} · {type.attributes.length} spec fields
                        </span>
                      </p>
                    )}
                    <div className="flex flex-wrap gap-2">
                      <MoveButtons
                        name={type.name}
                        index={index}
                        count={types.length}
                        disabled={busy}
                        onMove={(by) =>
                          change.mutate({
                            kind: 'order-types',
                            ids: moved(
                              types.map((t) => t.id),
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
                        aria-label={`Rename ${type.name}`}
                        onClick={() => setRename(rename?.id === type.id ? null : { id: type.id, name: type.name })}
                      >
                        Rename
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="destructive"
                        disabled={busy}
                        aria-label={`Delete ${type.name}`}
                        onClick={() => askDelete('Delete this product type and its spec sheet?', type.name, { kind: 'delete-type', id: type.id })}
                      >
                        Delete
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
              <form
                className="flex items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  change.mutate({ kind: 'add-type', name: newType.trim() }, { onSuccess: () => setNewType('') });
                }}
              >
                <FormField label="New product type" className="flex-1">
                  <Input value={newType} maxLength={60} onChange={(event) => setNewType(event.target.value)} />
                </FormField>
                <Button type="submit" disabled={busy || !newType.trim()}>
                  Add type
                </Button>
              </form>
            </CardContent>
          </Card>
          {selected ? (
            <Card>
              <CardHeader>
                <CardTitle>Spec sheet and axes</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5">
                <FormField label="Type to edit">
                  <Select value={String(selected.id)} onChange={(event) => setSelectedId(Number(event.target.value))}>
                    {types.map((type) => (
                      <option key={type.id} value={type.id}>
                        {type.name}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <TypeAxes
                  key={`${selected.id}-${selected.options.map((axis) => axis.id).join()}`}
                  chosen={selected.options.map((axis) => axis.id)}
                  axes={catalog.data!.optionTypes}
                  busy={busy}
                  onSave={(optionTypeIds) => change.mutate({ kind: 'axes', id: selected.id, optionTypeIds })}
                />
                <div>
                  <h2 className="text-lg font-semibold text-gray-900">Spec fields of {selected.name}</h2>
                  <ul className="divide-y divide-gray-100">
                    {selected.attributes.map((attribute, index) => (
                      <AttributeRow
                        key={`${attribute.id}-${attribute.name}-${attribute.unit}-${attribute.choices.join()}-${attribute.isFilter}`}
                        attribute={attribute}
                        index={index}
                        count={selected.attributes.length}
                        busy={busy}
                        onMove={(by) =>
                          change.mutate({
                            kind: 'order-attributes',
                            typeId: selected.id,
                            ids: moved(
                              selected.attributes.map((a) => a.id),
                              index,
                              by,
                            ),
                          })
                        }
                        onSave={(input) => change.mutate({ kind: 'change-attribute', id: attribute.id, input })}
                        onDelete={() => askDelete('Delete this spec field?', attribute.name, { kind: 'delete-attribute', id: attribute.id })}
                      />
                    ))}
                  </ul>
                </div>
                <AddAttributeForm busy={busy} onAdd={(input) => change.mutateAsync({ kind: 'add-attribute', typeId: selected.id, input })} />
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>Option axes and values</CardTitle>
              <CardDescription>
                Shared by every product: a renamed value shows on each product that sells it; the order here is the order shoppers see.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              <OptionAxes
                axes={catalog.data!.optionTypes}
                busy={busy}
                onChange={(what, done) => change.mutate(what, { onSuccess: done })}
                onDelete={askDelete}
              />
              <form
                className="flex items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  change.mutate({ kind: 'add-axis', name: newAxis.trim() }, { onSuccess: () => setNewAxis('') });
                }}
              >
                <FormField label="New option axis" hint="Shared by every type, e.g. Handle colour" className="flex-1">
                  <Input value={newAxis} maxLength={60} onChange={(event) => setNewAxis(event.target.value)} />
                </FormField>
                <Button type="submit" variant="outline" disabled={busy || !newAxis.trim()}>
                  Add axis
                </Button>
              </form>
            </CardContent>
          </Card>
          <ConfirmDeleteDialog
            question={deleting?.question ?? ''}
            subject={deleting?.subject ?? null}
            pending={busy}
            error={deleting?.refusal}
            onCancel={() => setDeleting(null)}
            onConfirm={() =>
              deleting &&
              change.mutate(deleting.change, {
                onSuccess: () => setDeleting(null),
                onError: (error) => setDeleting({ ...deleting, refusal: error.message }),
              })
            }
          />
        </>
      )}
    </div>
  );
}
