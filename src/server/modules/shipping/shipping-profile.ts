import { sql } from 'drizzle-orm';
import type { ShippingProfileView } from '#common/schemas/shipping.ts';
import type { Database, Transaction } from '#server/db/client.ts';

/** Until the owner picks one: the demo shop's Austin warehouse, and the middle of the continental US. */
const DEFAULT_TIME_ZONE = 'America/Chicago';

/**
 * The shop's whole shipping profile (zones, their methods with rate rules, the time zone) in one
 * statement: checkout prices every cart from it, so it is read once and kept with the checkout settings.
 */
export async function readShippingProfile(db: Database | Transaction): Promise<ShippingProfileView> {
  const result = (await db.execute(sql`
    select
      coalesce((select time_zone from shipping_settings where id = 1), ${DEFAULT_TIME_ZONE}) as time_zone,
      coalesce((
        select json_agg(json_build_object(
          'id', z.id, 'name', z.name, 'usStates', z.us_states, 'caProvinces', z.ca_provinces,
          'methods', coalesce((
            select json_agg(json_build_object(
              'id', m.id, 'zoneId', m.zone_id, 'name', m.name, 'kind', m.kind,
              'minBusinessDays', m.min_business_days, 'maxBusinessDays', m.max_business_days,
              'cutoffTime', m.cutoff_time, 'rate', m.rate, 'active', m.active, 'position', m.position
            ) order by m.position, m.id)
            from shipping_methods m where m.zone_id = z.id
          ), '[]'::json)
        ) order by z.position, z.id)
        from shipping_zones z
      ), '[]'::json) as zones
  `)) as unknown as { rows: Array<{ time_zone: string; zones: ShippingProfileView['zones'] | string }> };
  const row = result.rows[0];
  const zones = typeof row?.zones === 'string' ? (JSON.parse(row.zones) as ShippingProfileView['zones']) : (row?.zones ?? []);
  return { timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE, zones };
}
