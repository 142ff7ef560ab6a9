import { z } from 'zod';
import { ATTRIBUTE_KINDS, ATTRIBUTE_UNITS, MAX_OPTION_TYPES, OptionType, ProductType } from './catalog-model.ts';
import { flag } from './admin-fields.ts';
import { OptionLabel } from './product-document.ts';
import { positiveId } from './whole-number.ts';

// The owner's edits of product types, their spec sheets and variant axes (issue 12, section 5).

const typeName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters');

export const ProductTypeInput = z.object({ name: typeName });
export type ProductTypeInput = z.infer<typeof ProductTypeInput>;

/** A new order: every id of the list once, first first. */
export const OrderInput = z.object({
  ids: z
    .array(positiveId('ids must be positive integers'), { error: 'ids must be a list of ids' })
    .min(1, 'ids must name at least one id')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
});
export type OrderInput = z.infer<typeof OrderInput>;

/** The axes a type's products vary by, in order. */
export const TypeOptionsInput = z.object({
  optionTypeIds: z
    .array(positiveId('optionTypeIds must be positive integers'))
    .max(MAX_OPTION_TYPES, `A product type has at most ${MAX_OPTION_TYPES} option axes`)
    .refine((ids) => new Set(ids).size === ids.length, 'An option axis can be chosen once'),
});
export type TypeOptionsInput = z.infer<typeof TypeOptionsInput>;

const choiceList = z
  .array(z.string().trim().min(1, 'A choice cannot be empty').max(100, 'A choice must be at most 100 characters'))
  .max(100, 'At most 100 choices')
  .refine((choices) => new Set(choices).size === choices.length, 'Choices must not repeat');

const attributeFields = {
  name: typeName,
  kind: z.enum(ATTRIBUTE_KINDS, { error: `Kind must be one of ${ATTRIBUTE_KINDS.join(', ')}` }),
  unit: z.enum(ATTRIBUTE_UNITS, { error: `Unit must be one of ${ATTRIBUTE_UNITS.join(', ')}` }).nullable(),
  choices: choiceList,
  isFilter: flag('isFilter'),
};

const kindRules = <T extends { kind?: string | undefined; unit?: string | null | undefined; choices?: string[] | undefined }>(
  input: T,
  ctx: z.RefinementCtx,
) => {
  if (input.kind === undefined) return;
  const numeric = input.kind === 'number' || input.kind === 'range';
  if (!numeric && input.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Only numbers and ranges have a unit' });
  const choosing = input.kind === 'choice' || input.kind === 'multi_choice';
  if (choosing && input.choices !== undefined && input.choices.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice field needs at least one choice' });
  }
  if (!choosing && input.choices !== undefined && input.choices.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Only choice fields have choices' });
  }
};

export const AttributeInput = z
  .object({
    ...attributeFields,
    /** the key documents and CSV name it by; made from the name when absent */
    key: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,59}$/, 'Key must be lower-case letters, digits and _')
      .optional(),
    unit: attributeFields.unit.default(null),
    choices: choiceList.default([]),
    isFilter: attributeFields.isFilter.default(false),
  })
  .superRefine(kindRules);
export type AttributeInput = z.infer<typeof AttributeInput>;

/** A change of an attribute: its kind is fixed once products use it (the service says so). */
export const AttributeUpdateInput = z.object(attributeFields).partial().superRefine(kindRules);
export type AttributeUpdateInput = z.infer<typeof AttributeUpdateInput>;

/** GET /api/admin/product-types: every type and every axis with its shared values. */
export const ProductTypeCatalog = z.object({
  types: z.array(ProductType.extend({ productCount: z.number().int() })),
  optionTypes: z.array(OptionType),
});
export type ProductTypeCatalog = z.infer<typeof ProductTypeCatalog>;

/** A shared option value's new label ("4 1/4" -> "4 1/4 in"): the rules of a label in a product document. */
export const OptionValueInput = z.object({ label: OptionLabel });
export type OptionValueInput = z.infer<typeof OptionValueInput>;
