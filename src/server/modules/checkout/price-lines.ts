import { asc, eq, or, sql } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { CheckoutItem } from '#common/schemas/checkout.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import { optionTypes, optionValues, products, productTypes, productVariants, variantOptionValues } from '#server/db/schema.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';

export interface PricedLine {
  productId: number;
  variantId: number;
  /** the product's name, as order lines and e-mails show it */
  name: string;
  sku: string | null;
  /** the variant's option values ("16 mm / 4 1/4 in"), null for a product without options */
  variantName: string | null;
  quantity: number;
  /** the database's price, never the page's */
  priceCents: number;
  /** the variant's stock when priced, not held: the order statement takes the units under lock */
  stock: number;
  /** one unit's weight for shipping rates; 0 when the variant has none */
  weightGrams: number;
  /** what a discount's scope can name besides the product and variant (decision 058) */
  productTypeId: number | null;
  brandId: number | null;
  /** a Gift Card product's line: e-mailed, so neither shipped nor taxed (decision 066) */
  giftCard: boolean;
}

export type Item = Pick<CheckoutItem, 'productId' | 'variantId' | 'quantity'>;

interface VariantRow {
  id: number;
  productId: number;
  name: string;
  sku: string | null;
  price: string;
  stock: number;
  weightGrams: number | null;
  isDeleted: boolean;
  productTypeId: number | null;
  brandId: number | null;
  giftCard: boolean;
  /** "16 mm / 4 1/4 in": the option values in the order of their axes; null without options */
  variantName: string | null;
}

const variantName = sql<string | null>`(
  select string_agg(${optionValues.label}, ' / ' order by ${optionTypes.position}, ${optionTypes.id})
  from ${variantOptionValues}
  inner join ${optionValues} on ${optionValues.id} = ${variantOptionValues.optionValueId}
  inner join ${optionTypes} on ${optionTypes.id} = ${variantOptionValues.optionTypeId}
  where ${variantOptionValues.variantId} = ${productVariants.id}
)`;

const isGiftCard = sql<boolean>`exists (
  select 1 from ${productTypes} where ${productTypes.id} = ${products.productTypeId} and ${productTypes.slug} = ${GIFT_CARD_TYPE_SLUG}
)`;

/**
 * The ids as an array the planner cannot see into. Given `= any($1)`, PostgreSQL sizes the array it is handed
 * and plans the read afresh at every call, since that plan always looks cheaper than one for any array: about
 * 0.3 ms of its CPU per payment, a fifth of what a payment costs it. Read through a subquery, the array is sized
 * the same with or without its values, so after five calls each connection keeps one plan (on a large catalogue
 * still by the indexes).
 */
const idsIn = (name: string) => sql`any(array(select unnest(${sql.placeholder(name)}::int[])))`;

/** The variants named by id, and those of the products named without a variant, with their option values. */
const selectVariants = preparedPerDatabase((db) =>
  db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      sku: productVariants.sku,
      price: productVariants.price,
      stock: productVariants.stock,
      weightGrams: productVariants.weightGrams,
      isDeleted: products.isDeleted,
      productTypeId: products.productTypeId,
      brandId: products.brandId,
      giftCard: isGiftCard,
      variantName,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(or(sql`${productVariants.id} = ${idsIn('variantIds')}`, sql`${productVariants.productId} = ${idsIn('productIds')}`))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .prepare('checkout_variants'),
);

/** The variants the lines name, with their option values, in one read. */
function variantsOf(db: Database | Transaction, items: readonly Item[]): Promise<VariantRow[]> {
  const variantIds = items.flatMap((item) => (item.variantId === undefined ? [] : [item.variantId]));
  const productIds = items.flatMap((item) => (item.variantId === undefined && item.productId !== undefined ? [item.productId] : []));
  return selectVariants(db).execute({ variantIds, productIds });
}

const gone = (productId: number | undefined, variantId: number | undefined) =>
  invalidInput(
    variantId === undefined
      ? `Product ${productId} no longer exists. Please remove it from your cart.`
      : `This item (variant ${variantId}) is no longer available. Please remove it from your cart.`,
  );

/** The variant a line means: the one it names (of its product, if it names one too), or its product's only one. */
function resolve(item: Item, rows: readonly VariantRow[]): VariantRow {
  if (item.variantId !== undefined) {
    const variant = rows.find((row) => row.id === item.variantId);
    if (!variant) throw gone(item.productId, item.variantId);
    if (item.productId !== undefined && variant.productId !== item.productId) {
      throw invalidInput(`Variant ${item.variantId} is not a variant of product ${item.productId}`);
    }
    return variant;
  }
  const variants = rows.filter((row) => row.productId === item.productId);
  if (variants.length === 0) throw gone(item.productId, undefined);
  if (variants.length > 1) throw invalidInput(`Please choose an option of ${variants[0]!.name} (it comes in ${variants.length} variants)`);
  return variants[0]!;
}

/**
 * Every line priced from the database by its variant; the same variant on two lines counts as one
 * line with the quantities added, sorted by variant id (the order stock is locked in). An unknown or
 * deleted product is a 400 naming it.
 */
export async function priceLines(db: Database | Transaction, items: readonly Item[]): Promise<PricedLine[]> {
  const rows = await variantsOf(db, items);
  const merged = new Map<number, { variant: VariantRow; quantity: number }>();
  for (const item of items) {
    const variant = resolve(item, rows);
    if (variant.isDeleted) throw invalidInput(`${variant.name} is no longer available. Please remove it from your cart.`);
    merged.set(variant.id, { variant, quantity: (merged.get(variant.id)?.quantity ?? 0) + item.quantity });
  }
  return [...merged.values()]
    .sort((a, b) => a.variant.id - b.variant.id)
    .map(({ variant, quantity }) => ({
      productId: variant.productId,
      variantId: variant.id,
      name: variant.name,
      sku: variant.sku,
      variantName: variant.variantName,
      quantity,
      priceCents: toCents(variant.price),
      stock: variant.stock,
      weightGrams: variant.weightGrams ?? 0,
      productTypeId: variant.productTypeId,
      brandId: variant.brandId,
      giftCard: variant.giftCard,
    }));
}
