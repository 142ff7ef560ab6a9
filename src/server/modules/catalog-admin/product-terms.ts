import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { WEIGHT_BANDS } from '#server/modules/catalog/catalog-model-service.ts';

const weightBand = sql.join(
  WEIGHT_BANDS.map((band) => sql`case when ${band.overlaps} then ${band.value}::text end`),
  sql`, `,
);

/** The axis a product's own colour (products.color, what its card shows) counts for, besides its variants' colours. */
const COLOR_AXIS = 'color';

/**
 * Rewrites products' derived words and facet values from their type, variants and spec values:
 * search_terms (in the stored search vector at weight C: the type's name, the option and spec labels, so
 * "shoes", "16mm" and "outdoor balls" find products whose own texts never say so) and facet_values
 * ("f.shape=Elongated", "f.static_weight=mid", "o.core_thickness=16 mm", what the shop's listing filters
 * and counts by; a product's own colour counts as its type's Color value). Every writer of a product's type, variants, option values or spec values calls it in
 * the same transaction, as it keeps price and stock. Without ids, every product (a migration's backfill).
 */
export async function refreshProductTerms(db: Database | Transaction, productIds?: readonly number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only = productIds
    ? sql`and p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  // a product sold in one colour names it on its own row, not on a variant: its colour becomes a value of
  // its type's Color axis (once, whatever its case), so the shop's Color facet can list and count it
  await db.execute(sql`
    insert into option_values (option_type_id, label, position)
    select distinct on (ot.id, lower(btrim(p.color))) ot.id, btrim(p.color),
      (select coalesce(max(position), 0) + 1 from option_values last where last.option_type_id = ot.id)
    from products p
      join product_type_options pto on pto.product_type_id = p.product_type_id
      join option_types ot on ot.id = pto.option_type_id and ot.key = ${COLOR_AXIS}
    where btrim(coalesce(p.color, '')) <> '' ${only}
      and not exists (select 1 from option_values ov where ov.option_type_id = ot.id and lower(ov.label) = lower(btrim(p.color)))
    order by ot.id, lower(btrim(p.color)), btrim(p.color)
    on conflict do nothing`);
  await db.execute(sql`
    update products p set
      search_terms = concat_ws(' ', t.name,
        (select string_agg(distinct ov.label, ' ') from product_variants v
          join variant_option_values vov on vov.variant_id = v.id
          join option_values ov on ov.id = vov.option_value_id
          where v.product_id = p.id),
        (select string_agg(distinct c, ' ') from product_attribute_values a cross join unnest(a.choices) c where a.product_id = p.id)),
      facet_values = array(
        select 'o.' || ot.key || '=' || ov.label from product_variants v
          join variant_option_values vov on vov.variant_id = v.id
          join option_values ov on ov.id = vov.option_value_id
          join option_types ot on ot.id = vov.option_type_id
          where v.product_id = p.id
        union
        select 'o.' || ot.key || '=' || ov.label from product_type_options pto
          join option_types ot on ot.id = pto.option_type_id and ot.key = ${COLOR_AXIS}
          join option_values ov on ov.option_type_id = ot.id and lower(ov.label) = lower(btrim(p.color))
          where pto.product_type_id = p.product_type_id
        union
        select 'f.' || d.key || '=' || c from product_attribute_values a
          join attribute_definitions d on d.id = a.attribute_id cross join unnest(a.choices) c
          where a.product_id = p.id
        union
        select 'f.' || d.key || '=1' from product_attribute_values a
          join attribute_definitions d on d.id = a.attribute_id
          where a.product_id = p.id and a.flag
        union
        select 'f.' || d.key || '=' || band from product_attribute_values a
          join attribute_definitions d on d.id = a.attribute_id and d.key = 'static_weight' and d.unit = 'oz'
          cross join unnest(array[${weightBand}]) band
          where a.product_id = p.id and band is not null
        order by 1)
    from product_types t
    where t.id = p.product_type_id ${only}`);
}
