import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';

/**
 * Rewrites products' search terms (products.search_terms, in the stored search vector at weight C): the
 * type's name, the labels of the option values its variants use and its spec choices, so "shoes",
 * "16mm" and "outdoor balls" find products whose own texts never say so. Every writer of a product's
 * type, variants or spec values calls it in the same transaction, as it keeps price and stock.
 */
export async function refreshSearchTerms(db: Database | Transaction, productIds?: readonly number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only = productIds
    ? sql`and p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    update products p set search_terms = concat_ws(' ', t.name,
      (select string_agg(distinct ov.label, ' ') from product_variants v
        join variant_option_values vov on vov.variant_id = v.id
        join option_values ov on ov.id = vov.option_value_id
        where v.product_id = p.id),
      (select string_agg(distinct c, ' ') from product_attribute_values a cross join unnest(a.choices) c where a.product_id = p.id))
    from product_types t
    where t.id = p.product_type_id ${only}`);
}
