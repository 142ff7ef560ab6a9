import { Fragment, useId, useState } from 'react';
import { MAX_VARIANTS } from '#common/schemas/catalog-model.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { comboLabel, type GalleryItem, type Row } from './editor-model.ts';
import { StockHistoryButton } from './stock-history-dialog.tsx';
import { VariantShipping } from './variant-shipping.tsx';

interface MatrixEntry {
  combination: string[];
  key: string;
  row: Row;
}

interface VariantMatrixProps {
  entries: MatrixEntry[];
  images: GalleryItem[];
  /** issues by row key, then field (sku, price, compareAtPrice, costPrice, weightGrams, lengthMm, widthMm, heightMm, gtin, mpn, stock, image, options, row) */
  rowErrors: Record<string, Record<string, string>>;
  onRow: (key: string, row: Row) => void;
  /** confirmed back-in-stock sign-ups waiting, by variant id */
  waiting?: Map<number, number>;
}

const cell = 'px-2 py-2 align-top';

function RowInput({
  label,
  value,
  error,
  onChange,
  inputMode,
  width = 'w-28',
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  inputMode?: 'decimal' | 'numeric';
  width?: string;
}) {
  const errorId = useId();
  return (
    <div className={width}>
      <Input
        aria-label={label}
        value={value}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every combination of the picked values, each on sale only when ticked; per variant SKU, price,
 * compare-at price, stock and picture; selected rows take a price or stock at once.
 */
export function VariantMatrix({ entries, images, rowErrors, onRow, waiting }: VariantMatrixProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const priceId = useId();
  const stockId = useId();
  const onSale = entries.filter((entry) => entry.row.enabled).length;
  const chosen = entries.filter((entry) => selected.includes(entry.key));
  const allSelected = entries.length > 0 && chosen.length === entries.length;
  const setAll = (changes: Partial<Row>) => chosen.forEach((entry) => onRow(entry.key, { ...entry.row, ...changes }));

  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700" aria-live="polite">
        {onSale} of {entries.length} combinations on sale (at most {MAX_VARIANTS}).
      </p>
      <div className="flex flex-wrap items-end gap-3 rounded-md bg-gray-50 p-3">
        <p className="w-full text-sm text-gray-700">{chosen.length} selected</p>
        <div className="grid gap-1.5">
          <Label htmlFor={priceId}>Price for selected ($)</Label>
          <div className="flex gap-2">
            <Input id={priceId} className="w-28" inputMode="decimal" value={bulkPrice} onChange={(event) => setBulkPrice(event.target.value)} />
            <Button type="button" variant="outline" disabled={chosen.length === 0 || !bulkPrice.trim()} onClick={() => setAll({ price: bulkPrice.trim() })}>
              Set price
            </Button>
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={stockId}>Stock for selected</Label>
          <div className="flex gap-2">
            <Input id={stockId} className="w-24" inputMode="numeric" value={bulkStock} onChange={(event) => setBulkStock(event.target.value)} />
            <Button type="button" variant="outline" disabled={chosen.length === 0 || !bulkStock.trim()} onClick={() => setAll({ stock: bulkStock.trim() })}>
              Set stock
            </Button>
          </div>
        </div>
      </div>
      <div className="relative -mx-2 overflow-x-auto">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Variants</caption>
          <thead className="border-b border-gray-200 text-gray-600">
            <tr>
              <th scope="col" className={cell}>
                <Checkbox
                  aria-label="Select all combinations"
                  checked={allSelected ? true : chosen.length > 0 ? 'indeterminate' : false}
                  onCheckedChange={(checked) => setSelected(checked === true ? entries.map((entry) => entry.key) : [])}
                />
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Combination
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                On sale
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                SKU
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Price ($)
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Compare-at ($)
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Cost ($)
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Stock
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Image
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {entries.map(({ combination, key, row }) => {
              const label = comboLabel(combination);
              const errors = rowErrors[key] ?? {};
              const set = (changes: Partial<Row>) => onRow(key, { ...row, ...changes });
              return (
                <Fragment key={key}>
                  <tr data-testid={`variant-row-${label}`} className={row.enabled ? '' : 'bg-gray-50 text-gray-600'}>
                    <td className={cell}>
                      <Checkbox
                        aria-label={`Select ${label}`}
                        checked={selected.includes(key)}
                        onCheckedChange={(checked) =>
                          setSelected((current) => (checked === true ? [...current, key] : current.filter((other) => other !== key)))
                        }
                      />
                    </td>
                    <th scope="row" className={`${cell} font-medium text-gray-900`}>
                      {label}
                      {errors.row || errors.options || errors.id ? (
                        <p className="text-xs font-normal text-red-700">{errors.row ?? errors.options ?? errors.id}</p>
                      ) : null}
                    </th>
                    <td className={cell}>
                      <Checkbox aria-label={`Sell ${label}`} checked={row.enabled} onCheckedChange={(checked) => set({ enabled: checked === true })} />
                    </td>
                    {row.enabled ? (
                      <>
                        <td className={cell}>
                          <RowInput label={`SKU of ${label}`} value={row.sku} error={errors.sku} onChange={(sku) => set({ sku })} width="w-36" />
                        </td>
                        <td className={cell}>
                          <RowInput
                            label={`Price of ${label}`}
                            value={row.price}
                            error={errors.price}
                            inputMode="decimal"
                            onChange={(price) => set({ price })}
                          />
                        </td>
                        <td className={cell}>
                          <RowInput
                            label={`Compare-at price of ${label}`}
                            value={row.compareAt}
                            error={errors.compareAtPrice}
                            inputMode="decimal"
                            onChange={(compareAt) => set({ compareAt })}
                          />
                        </td>
                        <td className={cell}>
                          <RowInput
                            label={`Cost price of ${label}`}
                            value={row.cost ?? ''}
                            error={errors.costPrice}
                            inputMode="decimal"
                            onChange={(cost) => set({ cost })}
                          />
                        </td>
                        <td className={cell}>
                          <RowInput
                            label={`Stock of ${label}`}
                            value={row.stock}
                            error={errors.stock}
                            inputMode="numeric"
                            onChange={(stock) => set({ stock })}
                            width="w-24"
                          />
                          {row.id !== undefined ? <StockHistoryButton variantId={row.id} label={label} /> : null}
                          {row.id !== undefined && waiting?.get(row.id) ? (
                            <p className="mt-1 text-xs whitespace-nowrap text-amber-800">
                              {waiting.get(row.id)} {waiting.get(row.id) === 1 ? 'person' : 'people'} waiting
                            </p>
                          ) : null}
                        </td>
                        <td className={cell}>
                          <select
                            aria-label={`Image of ${label}`}
                            className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm"
                            value={row.image === null ? '' : String(row.image)}
                            onChange={(event) => set({ image: event.target.value === '' ? null : Number(event.target.value) })}
                          >
                            <option value="">No image</option>
                            {images.map((image, index) => (
                              <option key={image.url} value={index}>
                                Image {index + 1}
                                {image.alt ? `: ${image.alt.slice(0, 30)}` : ''}
                              </option>
                            ))}
                          </select>
                          {errors.image ? <p className="mt-1 text-xs text-red-700">{errors.image}</p> : null}
                        </td>
                      </>
                    ) : (
                      <td className={cell} colSpan={6}>
                        Not sold
                      </td>
                    )}
                  </tr>
                  {row.enabled ? (
                    <tr>
                      <td className={`${cell} pt-0`} colSpan={9}>
                        <VariantShipping label={label} draft={row.shipping} errors={errors} onChange={(shipping) => set({ shipping })} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
