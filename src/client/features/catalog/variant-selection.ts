import type { Variant } from '#common/schemas/catalog-model.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';

// The product page's variant choice, pure: which variant a selection names, what each option
// button would lead to, and which variant a shared link opens.

/** The chosen value id per axis id. */
type Selection = ReadonlyMap<number, number>;

export function selectionOf(variant: Variant): Selection {
  return new Map(variant.options.map((option) => [option.optionTypeId, option.valueId]));
}

function matches(variant: Variant, selection: Selection): boolean {
  return [...selection].every(([axis, value]) => variant.options.some((option) => option.optionTypeId === axis && option.valueId === value));
}

/** The first variant in stock, else the first at all: what the page opens on. */
export function firstAvailableVariant(variants: readonly Variant[]): Variant | undefined {
  return variants.find((variant) => variant.stock > 0) ?? variants[0];
}

/** The variant `?variant=` names, when it is one of this product's; otherwise the first available. */
export function initialVariant(product: Pick<ProductDetail, 'variants'>, requested: string | null): Variant | undefined {
  const id = requested !== null && /^\d{1,10}$/.test(requested) ? Number(requested) : null;
  return product.variants.find((variant) => variant.id === id) ?? firstAvailableVariant(product.variants);
}

export type OptionState = 'available' | 'sold-out' | 'unavailable';

/**
 * What choosing `valueId` on `axisId` (the other axes as chosen) would give: a variant in stock, one
 * sold out, or no such combination at all.
 */
export function optionState(variants: readonly Variant[], current: Selection, axisId: number, valueId: number): OptionState {
  const wanted = new Map(current).set(axisId, valueId);
  const variant = variants.find((candidate) => matches(candidate, wanted));
  if (!variant) return 'unavailable';
  return variant.stock > 0 ? 'available' : 'sold-out';
}

/**
 * The variant after choosing `valueId` on `axisId`: the exact combination when it exists, else the
 * variant with that value sharing most of the other choices (preferring one in stock), so a click
 * on a value always lands on a real variant.
 */
export function chooseOption(variants: readonly Variant[], current: Selection, axisId: number, valueId: number): Variant | undefined {
  const wanted = new Map(current).set(axisId, valueId);
  const exact = variants.find((variant) => matches(variant, wanted));
  if (exact) return exact;
  const withValue = variants.filter((variant) => matches(variant, new Map([[axisId, valueId]])));
  const shared = (variant: Variant) => variant.options.filter((option) => current.get(option.optionTypeId) === option.valueId).length;
  return [...withValue].sort((a, b) => shared(b) - shared(a) || Number(b.stock > 0) - Number(a.stock > 0))[0];
}

/** "16 mm / 4 1/4 in": the variant's option values in axis order; empty for a product without options. */
export function variantName(variant: Variant): string {
  return variant.options.map((option) => option.label).join(' / ');
}

/** One line of the summary box under the options: "Color" and the chosen "Black". */
interface SummaryRow {
  label: string;
  value: string;
}

const sameWord = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The summary box: the chosen variant's value on each axis (Color: Black once Black is chosen), then
 * the product's own thickness and colour where no axis already says them. The product's fields describe
 * its first listing, so beside a chosen variant they would contradict the choice. A box that would hold only
 * the one axis's value is left out: the picker's legend right above says it already (a gift card's "Amount: $25").
 */
export function summaryRows(product: Pick<ProductDetail, 'thickness' | 'color' | 'options'>, variant: Pick<Variant, 'options'> | undefined): SummaryRow[] {
  const chosen: SummaryRow[] = (variant?.options ?? []).flatMap((option) => {
    const axis = product.options.find((candidate) => candidate.id === option.optionTypeId);
    return axis ? [{ label: axis.name, value: option.label }] : [];
  });
  const covered = (label: string) =>
    chosen.some((row) => sameWord(row.label, label)) ||
    product.options.some((axis) => sameWord(axis.key, label) && (variant?.options ?? []).some((option) => option.optionTypeId === axis.id));
  const own: SummaryRow[] = [
    ...(product.thickness && !covered('Thickness') ? [{ label: 'Thickness', value: product.thickness }] : []),
    ...(product.color && !covered('Color') && !covered('Colour') ? [{ label: 'Color', value: product.color }] : []),
  ];
  return chosen.length === 1 && own.length === 0 ? [] : [...chosen, ...own];
}
