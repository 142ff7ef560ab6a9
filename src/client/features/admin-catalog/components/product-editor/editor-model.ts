import { MAX_VARIANTS, type AttributeDefinition, type UsapaStatus } from '#common/schemas/catalog-model.ts';
import type { AttributeValueInput, ProductDocument } from '#common/schemas/product-document.ts';
import { SLUG_PATTERN, SLUG_RULE } from '#common/slug.ts';
import { shippingDraftOf, shippingFields, type ShippingDraft, type StoredShipping } from './shipping-draft.ts';

// The product editor's state and how it becomes the ProductDocument the server saves: axes with
// the values the owner picked, the matrix of their combinations (each on sale or not), the gallery
// and the spec sheet with optional per-variant overrides.

export interface Axis {
  key: string;
  name: string;
  /** the picked values, in the order shown */
  values: string[];
}

export interface Row {
  /** sold: this combination is a variant */
  enabled: boolean;
  id?: number;
  sku: string;
  price: string;
  compareAt: string;
  /** what one unit cost the shop (decision 051); '' when not known */
  cost?: string;
  /** the cost the editor loaded: emptying it clears it, a row that never had one sends none */
  costWas?: string;
  /** weight, box and identifiers as typed (absent: never opened on a new row) */
  shipping?: ShippingDraft;
  /** what the server held for them when loaded, so a field left as it was sends the stored value */
  shippingWas?: StoredShipping;
  stock: string;
  /** the stock the editor loaded, for the server's stale-stock check */
  stockWas?: number;
  /** index into the gallery, or null */
  image: number | null;
}

/** What a spec field's controls hold: text of numbers as typed, the choice(s), yes/no. */
export interface SpecDraft {
  text?: string;
  min?: string;
  max?: string;
  choice?: string;
  choices?: string[];
  flag?: 'yes' | 'no' | '';
}

export interface GalleryItem {
  url: string;
  alt: string;
}

export interface EditorState {
  name: string;
  /** the page's address; empty makes one from the name (a new product) or keeps the current one */
  slug: string;
  brandId: string;
  productTypeId: string;
  description: string;
  thickness: string;
  color: string;
  releaseDate: string;
  isFeatured: boolean;
  usapaStatus: UsapaStatus;
  usapaCheckedOn: string;
  /** a YouTube or Vimeo address; empty removes the product's video */
  videoUrl: string;
  images: GalleryItem[];
  axes: Axis[];
  /** by combination key (comboKey) */
  rows: Record<string, Row>;
  specs: Record<string, SpecDraft>;
  /** spec keys that differ by variant, and each variant's value by combination key */
  overrides: Record<string, Record<string, SpecDraft>>;
}

/** One combination: a label per axis, in axis order. */
type Combination = string[];

const SEPARATOR = '\u001f';
export const comboKey = (combination: Combination) => combination.join(SEPARATOR);
export const comboLabel = (combination: Combination) => (combination.length === 0 ? 'Default' : combination.join(' / '));

/** Every combination of the axes' picked values; axes without values are left out. One empty combination without axes. */
export function combinations(axes: Axis[]): Combination[] {
  return axes
    .filter((axis) => axis.values.length > 0)
    .reduce<Combination[]>((all, axis) => all.flatMap((partial) => axis.values.map((value) => [...partial, value])), [[]]);
}

const emptyRow = (): Row => ({ enabled: false, sku: '', price: '', compareAt: '', stock: '0', image: null });

export function emptyEditor(productTypeId = ''): EditorState {
  return {
    name: '',
    slug: '',
    brandId: '',
    productTypeId,
    description: '',
    thickness: '',
    color: '',
    releaseDate: '',
    isFeatured: false,
    usapaStatus: 'not_stated',
    usapaCheckedOn: '',
    videoUrl: '',
    images: [],
    axes: [],
    rows: { [comboKey([])]: { ...emptyRow(), enabled: true } },
    specs: {},
    overrides: {},
  };
}

/** The rows the matrix shows, with their combination. */
export function matrixRows(state: EditorState): { combination: Combination; key: string; row: Row }[] {
  return combinations(state.axes).map((combination) => {
    const key = comboKey(combination);
    return { combination, key, row: state.rows[key] ?? emptyRow() };
  });
}

export const enabledRows = (state: EditorState) => matrixRows(state).filter((entry) => entry.row.enabled);

// ------------------------------------------------------------------ spec values

function numberOf(text: string | undefined): number | null | 'bad' {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : 'bad';
}

/** A spec field's value for the document; 'bad' when a number is not one. */
function specValue(attribute: AttributeDefinition, draft: SpecDraft | undefined): AttributeValueInput['value'] | 'bad' {
  if (!draft) return null;
  switch (attribute.kind) {
    case 'number':
      return numberOf(draft.text);
    case 'range': {
      const min = numberOf(draft.min);
      const max = numberOf(draft.max);
      if (min === 'bad' || max === 'bad') return 'bad';
      if (min === null && max === null) return null;
      return { min: min ?? max!, max: max ?? min! };
    }
    case 'choice':
      return draft.choice ? draft.choice : null;
    case 'multi_choice':
      return draft.choices && draft.choices.length > 0 ? draft.choices : null;
    case 'tristate':
      return draft.flag === 'yes' ? true : draft.flag === 'no' ? false : null;
    case 'text':
      return draft.text?.trim() ? draft.text.trim() : null;
  }
}

/** A document's value as the controls show it. */
function specDraft(attribute: AttributeDefinition, value: AttributeValueInput['value']): SpecDraft {
  if (value === null) return {};
  if (typeof value === 'boolean') return { flag: value ? 'yes' : 'no' };
  if (Array.isArray(value)) return { choices: value };
  if (typeof value === 'number') return attribute.kind === 'range' ? { min: String(value), max: String(value) } : { text: String(value) };
  if (typeof value === 'object') return attribute.kind === 'range' ? { min: String(value.min), max: String(value.max) } : { text: String(value.min) };
  return attribute.kind === 'choice' ? { choice: value } : { text: value };
}

// ------------------------------------------------------------------ document

/** Problems the editor finds before sending, by the same paths the server uses. */
type EditorIssues = Record<string, string>;

interface BuiltDocument {
  document: ProductDocument;
  /** the combination key of each document variant, to put the server's row issues on the right row */
  variantKeys: string[];
  /** the editor key (spec.<key>) of each document attribute value, for the server's issues */
  attributeKeys: string[];
  issues: EditorIssues;
}

/** A document as the server answers it (GET/PUT .../document): ids on the variants, a brand that may be missing. */
export type LoadedDocument = Omit<ProductDocument, 'brandId' | 'variants'> & {
  brandId: number | null;
  variants: {
    id?: number;
    sku?: string | null;
    price: string;
    compareAtPrice?: string | null;
    costPrice?: string | null;
    weightGrams?: number | null;
    lengthMm?: number | null;
    widthMm?: number | null;
    heightMm?: number | null;
    gtin?: string | null;
    mpn?: string | null;
    stock: number;
    stockWas?: number;
    options: Record<string, string>;
    image?: number | null;
  }[];
};

/** The document to save, or the editor's own issues (variants.N.price, name, spec.static_weight ...). */
export function toDocument(state: EditorState, attributes: AttributeDefinition[]): BuiltDocument {
  const issues: EditorIssues = {};
  const rows = enabledRows(state);
  if (!state.name.trim()) issues.name = 'Name is required';
  const slug = state.slug.trim();
  if (slug && !SLUG_PATTERN.test(slug)) issues.slug = `URL slug must be ${SLUG_RULE}`;
  if (!state.brandId) issues.brandId = 'Brand selection is required';
  if (!state.productTypeId) issues.productTypeId = 'Product type is required';
  if (rows.length === 0) issues.variants = 'Choose at least one combination to sell';
  if (rows.length > MAX_VARIANTS) issues.variants = `At most ${MAX_VARIANTS} variants per product (${rows.length} chosen)`;
  const axesUsed = state.axes.filter((axis) => axis.values.length > 0);
  const variants = rows.map(({ combination, row }, index) => {
    if (!row.price.trim()) issues[`variants.${index}.price`] = 'Price is required';
    const shipping = row.shipping ? shippingFields(row.shipping, row.shippingWas ?? {}) : { fields: row.shippingWas ?? {}, issues: {} };
    for (const [field, issue] of Object.entries(shipping.issues)) issues[`variants.${index}.${field}`] = issue;
    return {
      ...(row.id !== undefined && { id: row.id }),
      sku: row.sku.trim() || null,
      price: row.price.trim(),
      compareAtPrice: row.compareAt.trim() || null,
      ...((row.cost ?? '').trim() !== '' || row.costWas ? { costPrice: (row.cost ?? '').trim() || null } : {}),
      ...shipping.fields,
      stock: row.stock.trim() === '' ? 0 : Number(row.stock),
      ...(row.stockWas !== undefined && { stockWas: row.stockWas }),
      options: Object.fromEntries(axesUsed.map((axis, axisIndex) => [axis.key, combination[axisIndex]!])),
      image: row.image !== null && row.image < state.images.length ? row.image : null,
    };
  });
  const values: AttributeValueInput[] = [];
  for (const attribute of attributes) {
    const overrides = state.overrides[attribute.key];
    const value = specValue(attribute, state.specs[attribute.key]);
    if (value === 'bad') issues[`spec.${attribute.key}`] = `${attribute.name} must be a number`;
    else if (value !== null) values.push({ key: attribute.key, value });
    if (!overrides) continue;
    rows.forEach(({ key }, index) => {
      const own = specValue(attribute, overrides[key]);
      if (own === 'bad') issues[`spec.${attribute.key}.${key}`] = `${attribute.name} must be a number`;
      else if (own !== null) values.push({ key: attribute.key, variant: index, value: own });
    });
  }
  const document = {
    name: state.name.trim(),
    slug: slug || null,
    brandId: Number(state.brandId),
    productTypeId: Number(state.productTypeId),
    description: state.description.trim() || null,
    thickness: state.thickness.trim() || null,
    color: state.color.trim() || null,
    releaseDate: state.releaseDate || null,
    isFeatured: state.isFeatured,
    usapaStatus: state.usapaStatus,
    usapaCheckedOn: state.usapaCheckedOn || null,
    videoUrl: state.videoUrl.trim() || null,
    images: state.images.map((image) => ({ url: image.url, alt: image.alt.trim() })),
    variants,
    attributes: values,
  } as ProductDocument;
  const attributeKeys = values.map((value) => `spec.${value.key}${value.variant === undefined ? '' : `.${rows[value.variant]!.key}`}`);
  return { document, variantKeys: rows.map((entry) => entry.key), attributeKeys, issues };
}

function shippingOfLoaded(variant: LoadedDocument['variants'][number]): Pick<Row, 'shipping' | 'shippingWas'> {
  const stored: StoredShipping = Object.fromEntries(
    (['weightGrams', 'lengthMm', 'widthMm', 'heightMm', 'gtin', 'mpn'] as const).flatMap((field) => (variant[field] == null ? [] : [[field, variant[field]]])),
  );
  return { shipping: shippingDraftOf(stored), shippingWas: stored };
}

/** A loaded document as editor state: the axes in the type's order, every variant an enabled row. */
export function fromDocument(document: LoadedDocument, typeAxes: { key: string; name: string }[], attributes: AttributeDefinition[]): EditorState {
  const axes: Axis[] = typeAxes.map((axis) => ({
    ...axis,
    values: [...new Set(document.variants.map((variant) => variant.options[axis.key]).filter((label): label is string => Boolean(label)))],
  }));
  const used = axes.filter((axis) => axis.values.length > 0);
  const rows: Record<string, Row> = {};
  const variantKeys = document.variants.map((variant) => comboKey(used.map((axis) => variant.options[axis.key] ?? '')));
  document.variants.forEach((variant, index) => {
    rows[variantKeys[index]!] = {
      enabled: true,
      ...(variant.id !== undefined && { id: variant.id }),
      sku: variant.sku ?? '',
      price: variant.price,
      compareAt: variant.compareAtPrice ?? '',
      ...(variant.costPrice != null && { cost: variant.costPrice, costWas: variant.costPrice }),
      ...shippingOfLoaded(variant),
      stock: String(variant.stock),
      stockWas: variant.stockWas ?? variant.stock,
      image: variant.image ?? null,
    };
  });
  const specs: Record<string, SpecDraft> = {};
  const overrides: Record<string, Record<string, SpecDraft>> = {};
  for (const value of document.attributes) {
    const attribute = attributes.find((candidate) => candidate.key === value.key);
    if (!attribute) continue;
    if (value.variant === undefined) specs[value.key] = specDraft(attribute, value.value);
    else {
      const key = variantKeys[value.variant];
      if (key !== undefined) (overrides[value.key] ??= {})[key] = specDraft(attribute, value.value);
    }
  }
  return {
    name: document.name,
    slug: document.slug ?? '',
    brandId: document.brandId === null ? '' : String(document.brandId),
    productTypeId: String(document.productTypeId),
    description: document.description ?? '',
    thickness: document.thickness ?? '',
    color: document.color ?? '',
    releaseDate: document.releaseDate ? document.releaseDate.slice(0, 10) : '',
    isFeatured: document.isFeatured,
    usapaStatus: document.usapaStatus,
    usapaCheckedOn: document.usapaCheckedOn ?? '',
    videoUrl: document.videoUrl ?? '',
    images: document.images.map((image) => ({ url: image.url, alt: image.alt })),
    axes,
    rows,
    specs,
    overrides,
  };
}

/** Moves one gallery image, keeping every variant pointing at the same picture. */
export function moveImage(state: EditorState, from: number, to: number): EditorState {
  if (to < 0 || to >= state.images.length || from === to) return state;
  const images = [...state.images];
  const [moved] = images.splice(from, 1);
  images.splice(to, 0, moved!);
  const remap = (index: number | null) => {
    if (index === null) return null;
    if (index === from) return to;
    if (from < to && index > from && index <= to) return index - 1;
    if (from > to && index >= to && index < from) return index + 1;
    return index;
  };
  const rows = Object.fromEntries(Object.entries(state.rows).map(([key, row]) => [key, { ...row, image: remap(row.image) }]));
  return { ...state, images, rows };
}

export function removeImage(state: EditorState, index: number): EditorState {
  const images = state.images.filter((_, position) => position !== index);
  const rows = Object.fromEntries(
    Object.entries(state.rows).map(([key, row]) => [
      key,
      { ...row, image: row.image === null || row.image === index ? null : row.image > index ? row.image - 1 : row.image },
    ]),
  );
  return { ...state, images, rows };
}

/** A server issue path ("variants.2.sku", "attributes.3.value", "images.0.url", "name") as the editor's key. */
export function issueKey(path: string, variantKeys: string[], attributeKeys: string[] = []): { row?: string; field: string } {
  const normal = path.replace(/\[(\d+)\]/g, '.$1');
  const attribute = /^attributes\.(\d+)/.exec(normal);
  if (attribute) return { field: attributeKeys[Number(attribute[1])] ?? 'attributes' };
  const match = /^variants\.(\d+)(?:\.(\w+))?/.exec(normal);
  if (match) {
    const row = variantKeys[Number(match[1])];
    return row === undefined ? { field: 'variants' } : { row, field: match[2] ?? 'row' };
  }
  return { field: normal.split('.')[0] ?? normal };
}
