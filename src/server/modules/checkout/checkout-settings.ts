import type { Database } from '#server/db/client.ts';
import { siteSettings } from '#server/db/schema.ts';
import { settingCents } from '#common/order-totals.ts';

export interface ShippingSettings {
  shippingCostCents: number | null;
  freeShippingThresholdCents: number | null;
}

/** Shipping settings as cents; null when the owner cleared one (then shipping is free). */
export async function readShippingSettings(db: Database): Promise<ShippingSettings> {
  const [row] = await db
    .select({ shippingCost: siteSettings.shippingCost, freeShippingThreshold: siteSettings.freeShippingThreshold })
    .from(siteSettings)
    .limit(1);
  return {
    shippingCostCents: settingCents(row?.shippingCost),
    freeShippingThresholdCents: settingCents(row?.freeShippingThreshold),
  };
}
