import { z } from 'zod';

// The catalogue model as the API sends it (docs/decisions/017): types with their spec sheets and
// variant axes, and a product's variants, gallery and spec values. Prices are 2-decimal strings,
// as everywhere in the API; numbers of a spec are in their attribute's unit.

export const ATTRIBUTE_KINDS = ['number', 'range', 'choice', 'multi_choice', 'tristate', 'text'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];
export const ATTRIBUTE_UNITS = ['mm', 'in', 'ft', 'oz'] as const;
export type AttributeUnit = (typeof ATTRIBUTE_UNITS)[number];
export const USAPA_STATUSES = ['approved', 'not_approved', 'not_stated'] as const;
export type UsapaStatus = (typeof USAPA_STATUSES)[number];

/** At most this many variants per product, and this many option axes per type. */
export const MAX_VARIANTS = 100;
export const MAX_OPTION_TYPES = 3;

export const AttributeDefinition = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  unit: z.enum(ATTRIBUTE_UNITS).nullable(),
  choices: z.array(z.string()),
  position: z.number().int(),
  isFilter: z.boolean(),
});
export type AttributeDefinition = z.infer<typeof AttributeDefinition>;

export const OptionValue = z.object({
  id: z.number().int(),
  label: z.string(),
  /** sizes sort as numbers; null for labels without one */
  sortValue: z.number().nullable(),
});
export type OptionValue = z.infer<typeof OptionValue>;

/** A variant axis (core thickness, grip size, colour ...) and the values it has. */
export const OptionType = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  values: z.array(OptionValue),
});
export type OptionType = z.infer<typeof OptionType>;

export const ProductTypeSummary = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type ProductTypeSummary = z.infer<typeof ProductTypeSummary>;

/** A product type with its spec sheet and the axes its products vary by (in order). */
export const ProductType = ProductTypeSummary.extend({
  position: z.number().int(),
  options: z.array(OptionType.omit({ values: true })),
  attributes: z.array(AttributeDefinition),
});
export type ProductType = z.infer<typeof ProductType>;

export const ProductImage = z.object({
  id: z.number().int(),
  url: z.string(),
  alt: z.string(),
  position: z.number().int(),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** One of a variant's option values, named for display. */
const VariantOption = z.object({
  optionTypeId: z.number().int(),
  valueId: z.number().int(),
  label: z.string(),
});

export const Variant = z.object({
  id: z.number().int(),
  sku: z.string().nullable(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  stock: z.number().int(),
  position: z.number().int(),
  imageId: z.number().int().nullable(),
  /** in the order of the product type's axes */
  options: z.array(VariantOption),
});
export type Variant = z.infer<typeof Variant>;

/**
 * A spec value: of the product, or of one variant (variantId), which overrides the product's.
 * A number is a range with equal ends; a tristate's absence is "not stated".
 */
export const AttributeValue = z.object({
  attributeId: z.number().int(),
  variantId: z.number().int().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  choices: z.array(z.string()).nullable(),
  flag: z.boolean().nullable(),
  text: z.string().nullable(),
});
export type AttributeValue = z.infer<typeof AttributeValue>;

/** GET /api/product-types: every type with its spec sheet and its axes, each with the values the shop has for it. */
export const ProductTypeWithValues = ProductType.extend({ options: z.array(OptionType) });
export type ProductTypeWithValues = z.infer<typeof ProductTypeWithValues>;
