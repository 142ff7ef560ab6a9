import type { Database } from '#server/db/client.ts';
import { siteSettings } from '#server/db/schema.ts';

/** The admin's own e-mail, else the shop's fulfilment address (site settings); null when neither is set. */
export async function adminRecipient(db: Database, admin: { email: string | null }): Promise<string | null> {
  if (admin.email?.trim()) return admin.email.trim();
  const [row] = await db.select({ fulfillmentEmail: siteSettings.fulfillmentEmail }).from(siteSettings).limit(1);
  return row?.fulfillmentEmail?.trim() || null;
}
