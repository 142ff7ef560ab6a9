import { sql } from 'drizzle-orm';
import { settingCents } from '#common/order-totals.ts';
import type { Database } from '#server/db/client.ts';
import { contactInfo, siteSettings } from '#server/db/schema.ts';
import type { ShippingProfileView } from '#common/schemas/shipping.ts';
import { readShippingProfile } from '#server/modules/shipping/shipping-service.ts';
import type { AutomaticDiscount } from '#common/discounts.ts';
import { readAutomaticDiscounts } from '#server/modules/coupons/discount-service.ts';

/** What pricing a checkout needs from the owner's settings. */
interface CheckoutSettings {
  /** shipping as cents; null when the owner cleared one (then shipping is free) */
  shippingCostCents: number | null;
  freeShippingThresholdCents: number | null;
  /** the default tax rate in percent, charged when the tax provider fails */
  taxRatePercent: number;
  /** "street, city, state, zip": the tax origin and nexus (decision 003) */
  businessAddress: string | null;
  /** the owner's shipping zones and methods (docs/decisions/049); none: the built-in Standard shipping from the two settings above */
  shipping: ShippingProfileView;
  /** the automatic discounts on or still to come; which apply is decided at each checkout by their dates */
  automaticDiscounts: AutomaticDiscount[];
}

export interface CheckoutSettingsReader {
  read(): Promise<CheckoutSettings>;
  /** the owner changed a setting (here or on another instance): the next read goes to the database */
  clear(): void;
}

async function readFromDatabase(db: Database): Promise<CheckoutSettings> {
  // both tables hold the shop's one row; one read for both, the shipping profile and the automatic discounts beside it
  const [[row], shipping, automaticDiscounts] = await Promise.all([
    db
      .select({
        shippingCost: siteSettings.shippingCost,
        freeShippingThreshold: siteSettings.freeShippingThreshold,
        taxRate: siteSettings.taxRate,
        address: sql<string | null>`(select ${contactInfo.address} from ${contactInfo} limit 1)`,
      })
      .from(siteSettings)
      .limit(1),
    readShippingProfile(db),
    readAutomaticDiscounts(db),
  ]);
  return {
    shippingCostCents: settingCents(row?.shippingCost),
    freeShippingThresholdCents: settingCents(row?.freeShippingThreshold),
    taxRatePercent: Math.min(100, Math.max(0, Number(row?.taxRate ?? 0) || 0)),
    businessAddress: row?.address ?? null,
    shipping,
    automaticDiscounts,
  };
}

/**
 * Every payment creation, tax and discount preview prices with these settings, so they are kept for `cacheMs`
 * instead of read each time. A change empties them: on this instance when the owner's write answers,
 * on the others through the cache invalidation notice (decision 026); the lifetime bounds how long a
 * change made past the app (SQL by hand, a restored backup) can go unseen. cacheMs 0 reads every time
 * (tests write to the database directly).
 */
export function createCheckoutSettings(db: Database, options: { cacheMs: number }): CheckoutSettingsReader {
  let kept: { settings: Promise<CheckoutSettings>; until: number } | null = null;
  return {
    read() {
      if (kept && Date.now() < kept.until) return kept.settings;
      const entry = { settings: readFromDatabase(db), until: Date.now() + options.cacheMs };
      if (options.cacheMs > 0) kept = entry;
      // a failed read is not kept: the next request tries the database again
      entry.settings.catch(() => {
        if (kept === entry) kept = null;
      });
      return entry.settings;
    },
    clear() {
      kept = null;
    },
  };
}
