import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { Comparison, CompareProduct } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import {
  attributeDefinitions,
  brands,
  optionTypes,
  optionValues,
  productAttributeValues,
  products,
  productTypes,
  productVariants,
  variantOptionValues,
} from '#server/db/schema.ts';
import { brandColumns, toProductRating, toProductView } from './catalog-views.ts';
import { productColumns } from './catalog-views.ts';

function toDefinitionView(row: typeof attributeDefinitions.$inferSelect): AttributeDefinition {
  return { id: row.id, key: row.key, name: row.name, kind: row.kind, unit: row.unit, choices: row.choices, position: row.position, isFilter: row.isFilter };
}

/**
 * GET /api/catalog/compare: 2-4 products side by side, in the order asked: each one's spec values by
 * attribute key (the product's own, not a variant's) and the option values its variants offer per axis.
 * Unknown and deleted ids are left out.
 */
export async function compareProducts(db: Database, ids: number[]): Promise<Comparison> {
  const rows = await db
    .select({ product: productColumns, brand: brandColumns, type: { id: productTypes.id, slug: productTypes.slug, name: productTypes.name } })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(inArray(products.id, ids), eq(products.isDeleted, false)));
  const found = ids.flatMap((id) => rows.filter((row) => row.product.id === id));
  if (found.length === 0) return { products: [], attributes: [], optionTypes: [] };
  const productIds = found.map((row) => row.product.id);
  const typeIds = [...new Set(found.map((row) => row.type.id))];
  const [definitions, values, offered, prices] = await Promise.all([
    db
      .select()
      .from(attributeDefinitions)
      .where(inArray(attributeDefinitions.productTypeId, typeIds))
      .orderBy(asc(attributeDefinitions.productTypeId), asc(attributeDefinitions.position), asc(attributeDefinitions.id)),
    db
      .select({ productId: productAttributeValues.productId, key: attributeDefinitions.key, value: productAttributeValues })
      .from(productAttributeValues)
      .innerJoin(attributeDefinitions, eq(attributeDefinitions.id, productAttributeValues.attributeId))
      .where(and(inArray(productAttributeValues.productId, productIds), isNull(productAttributeValues.variantId))),
    db
      .selectDistinct({
        productId: productVariants.productId,
        typeId: optionTypes.id,
        key: optionTypes.key,
        name: optionTypes.name,
        position: optionTypes.position,
        label: optionValues.label,
        sortValue: optionValues.sortValue,
        valuePosition: optionValues.position,
      })
      .from(productVariants)
      .innerJoin(variantOptionValues, eq(variantOptionValues.variantId, productVariants.id))
      .innerJoin(optionTypes, eq(optionTypes.id, variantOptionValues.optionTypeId))
      .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
      .where(inArray(productVariants.productId, productIds))
      .orderBy(asc(optionTypes.position), asc(optionValues.position), asc(optionValues.sortValue), asc(optionValues.label)),
    db
      .select({ productId: productVariants.productId, max: sql<string>`max(${productVariants.price})`, count: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds))
      .groupBy(productVariants.productId),
  ]);
  // one row per key: types sharing a key (a weight) share the row
  const attributes = definitions.filter((definition, index) => definitions.findIndex((other) => other.key === definition.key) === index);
  const axes = offered.filter((row, index) => offered.findIndex((other) => other.typeId === row.typeId) === index);
  const compared: CompareProduct[] = found.map(({ product, brand, type }) => {
    const view = { ...toProductView(product, brand), ...toProductRating(product) };
    const variants = prices.find((row) => row.productId === product.id);
    const max = toCents(variants?.max);
    const specs: CompareProduct['specs'] = {};
    for (const { key, value } of values.filter((row) => row.productId === product.id)) {
      specs[key] = {
        min: value.numberMin === null ? null : Number(value.numberMin),
        max: value.numberMax === null ? null : Number(value.numberMax),
        choices: value.choices,
        flag: value.flag,
        text: value.text,
      };
    }
    const options: CompareProduct['options'] = {};
    for (const row of offered.filter((entry) => entry.productId === product.id)) (options[row.key] ??= []).push(row.label);
    return {
      ...view,
      priceMax: Number.isNaN(max) ? view.price : centsToDecimal(max),
      variantCount: Number(variants?.count ?? 1),
      productType: type,
      specs,
      options,
    };
  });
  return {
    products: compared,
    attributes: attributes.map(toDefinitionView),
    optionTypes: axes.map((axis) => ({ id: axis.typeId, key: axis.key, name: axis.name })),
  };
}
