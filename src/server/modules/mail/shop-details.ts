import type { Database, Transaction } from '#server/db/client.ts';
import { siteSettings } from '#server/db/schema.ts';

export const FALLBACK_SHOP_NAME = 'Pickleball Shop';

/** The shop's name for e-mail headers and subjects, and where new orders are announced. */
export async function readShop(db: Database | Transaction): Promise<{ shopName: string; fulfillmentEmail: string | null }> {
  const [row] = await db.select({ siteTitle: siteSettings.siteTitle, fulfillmentEmail: siteSettings.fulfillmentEmail }).from(siteSettings).limit(1);
  return {
    shopName: row?.siteTitle?.trim() || FALLBACK_SHOP_NAME,
    fulfillmentEmail: row?.fulfillmentEmail?.trim() || null,
  };
}
