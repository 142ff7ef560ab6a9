import { sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '#common/constants.ts';
import type { InventoryReport, InventoryRow } from '#common/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';
import { SHOP_TIME_ZONE } from './report-rollup.ts';

// the recent sales a rate is taken from, and the stock a reorder aims at: that many days of them
const RECENT_DAYS = 30;

interface VariantRow {
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string | null;
  stock: number;
  cost: string | null;
  sold: number;
}

/**
 * What to reorder: enough for the next 30 days at the last 30 days' rate, and never less than the
 * low-stock line (spec admin §9: under 5 is low), so a variant that sold nothing is not left at 0.
 */
function reorderQuantity(stock: number, sold: number): number {
  return Math.max(0, Math.max(LOW_STOCK_THRESHOLD, sold) - stock);
}

function toInventoryRow(row: VariantRow): InventoryRow {
  const [stock, sold] = [Number(row.stock), Number(row.sold)];
  const costCents = row.cost === null ? null : Math.round(Number(row.cost) * 100);
  return {
    variantId: row.variant_id,
    productName: row.product_name,
    variantName: row.variant_name,
    sku: row.sku ?? '',
    stock,
    costCents,
    valueCents: costCents === null ? null : costCents * stock,
    soldLast30Days: sold,
    sellThroughPercent: sold + stock === 0 ? 0 : Math.round((1000 * sold) / (sold + stock)) / 10,
    daysOfCover: sold === 0 ? null : Math.floor((stock * RECENT_DAYS) / sold),
    reorderQuantity: reorderQuantity(stock, sold),
  };
}

/** Every variant's stock, its value at cost, how fast it sells and how long it lasts; the low-stock list with what to reorder. */
export async function inventoryReport(db: Database): Promise<InventoryReport> {
  const result = (await db.execute(sql`
    with sold as (
      select variant_id, sum(units)::int as units from report_daily_items
      where day > (now() at time zone ${SHOP_TIME_ZONE})::date - ${RECENT_DAYS}::int and variant_id is not null
      group by variant_id
    )
    select v.id as variant_id, p.name as product_name, v.sku, v.stock, v.cost_price as cost, coalesce(s.units, 0) as sold,
      coalesce((
        select string_agg(ov.label, ' / ' order by ot.position, ot.id)
        from variant_option_values vov
        join option_values ov on ov.id = vov.option_value_id
        join option_types ot on ot.id = vov.option_type_id
        where vov.variant_id = v.id
      ), '') as variant_name
    from product_variants v
    join products p on p.id = v.product_id
    left join sold s on s.variant_id = v.id
    where not p.is_deleted
    order by p.name, v.position, v.id
  `)) as unknown as { rows: VariantRow[] };
  const rows = result.rows.map(toInventoryRow);
  return {
    units: rows.reduce((total, row) => total + row.stock, 0),
    valueCents: rows.reduce((total, row) => total + (row.valueCents ?? 0), 0),
    variantsWithoutCost: rows.filter((row) => row.costCents === null).length,
    rows,
    lowStock: rows.filter((row) => row.stock < LOW_STOCK_THRESHOLD),
  };
}
