import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { comboLabel, type SpecDraft } from './editor-model.ts';
import { SpecField } from './spec-field.tsx';

interface SpecSectionProps {
  attributes: AttributeDefinition[];
  specs: Record<string, SpecDraft>;
  overrides: Record<string, Record<string, SpecDraft>>;
  /** the variants on sale, for per-variant values */
  variants: { key: string; combination: string[] }[];
  errors: Record<string, string>;
  onSpec: (key: string, value: SpecDraft) => void;
  onOverrides: (key: string, values: Record<string, SpecDraft> | null) => void;
}

/** The type's spec sheet for this product; a field that differs by variant gets one value per variant (overriding the product's). */
export function SpecSection({ attributes, specs, overrides, variants, errors, onSpec, onOverrides }: SpecSectionProps) {
  if (attributes.length === 0) return <p className="text-sm text-gray-600">This product type has no spec fields.</p>;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {attributes.map((attribute) => {
        const perVariant = overrides[attribute.key];
        return (
          <div key={attribute.key} className="grid gap-2">
            <SpecField
              attribute={attribute}
              label={attribute.name}
              value={specs[attribute.key] ?? {}}
              error={errors[`spec.${attribute.key}`]}
              onChange={(value) => onSpec(attribute.key, value)}
            />
            {variants.length > 1 ? (
              <label className="flex min-h-11 items-center gap-2 text-sm text-gray-700">
                <Checkbox checked={perVariant !== undefined} onCheckedChange={(checked) => onOverrides(attribute.key, checked === true ? {} : null)} />
                {attribute.name} differs by variant
              </label>
            ) : null}
            {perVariant && variants.length > 1 ? (
              <div className="grid gap-2 border-l-2 border-gray-200 pl-3">
                {variants.map(({ key, combination }) => (
                  <SpecField
                    key={key}
                    attribute={attribute}
                    label={`${attribute.name} of ${comboLabel(combination)}`}
                    value={perVariant[key] ?? {}}
                    error={errors[`spec.${attribute.key}.${key}`]}
                    onChange={(value) => onOverrides(attribute.key, { ...perVariant, [key]: value })}
                  />
                ))}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
