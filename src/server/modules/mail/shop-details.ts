import type { Database, Transaction } from '#server/db/client.ts';
import { contactInfo, siteSettings } from '#server/db/schema.ts';
import { loadEmailShell } from './templates/email-shell.ts';
import type { ShopContact } from './templates/order-refunded.ts';

const FALLBACK_SHOP_NAME = 'Pickleball Shop';

/** The shop's name for e-mail headers and subjects, and where new orders are announced. */
export async function readShop(db: Database | Transaction): Promise<{ shopName: string; fulfillmentEmail: string | null }> {
  // every e-mail reads the shop before it renders: the layout is compiled here, once per process (decision 060)
  await loadEmailShell();
  const [row] = await db.select({ siteTitle: siteSettings.siteTitle, fulfillmentEmail: siteSettings.fulfillmentEmail }).from(siteSettings).limit(1);
  return {
    shopName: row?.siteTitle?.trim() || FALLBACK_SHOP_NAME,
    fulfillmentEmail: row?.fulfillmentEmail?.trim() || null,
  };
}

/** The shop's published contact details, for e-mails that invite a reply about money. */
export async function readShopContact(db: Database | Transaction): Promise<ShopContact> {
  const [row] = await db.select({ email: contactInfo.email, phone: contactInfo.phone, address: contactInfo.address }).from(contactInfo).limit(1);
  const clean = (value: string | null | undefined) => value?.trim() || null;
  return { email: clean(row?.email), phone: clean(row?.phone), address: clean(row?.address) };
}

/** Where and when a local pickup customer collects the order: the contact page's address and business hours. */
export async function readPickupPlace(db: Database | Transaction): Promise<{ address: string | null; hours: string | null }> {
  const [row] = await db.select({ address: contactInfo.address, hours: contactInfo.businessHours }).from(contactInfo).limit(1);
  return { address: row?.address?.trim() || null, hours: row?.hours?.trim() || null };
}

/** The return window and terms, for the order confirmation (decision 027); 0 days: no returns. */
export async function readReturnTerms(db: Database | Transaction): Promise<{ windowDays: number; conditions: string }> {
  const [row] = await db.select({ windowDays: siteSettings.returnWindowDays, conditions: siteSettings.returnConditions }).from(siteSettings).limit(1);
  return { windowDays: row?.windowDays ?? 0, conditions: row?.conditions.trim() ?? '' };
}
