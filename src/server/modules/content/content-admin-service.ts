import type { ContactInfoInput, PoliciesInput, ReturnPolicyInput, SiteSettingsInput } from '#common/schemas/admin-content.ts';
import type { ContactInfo, Policies, SiteSettings } from '#common/schemas/content.ts';
import type { Database } from '#server/db/client.ts';
import { contactInfo, policies, siteSettings } from '#server/db/schema.ts';
import { releaseImage, saveWithImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { getSiteSettings, toContactInfoView, toPoliciesView, toSiteSettingsView } from './content-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

interface Deps {
  db: Database;
  images: ImageStore;
}

// The single-row tables are upserted, so a save also works if row 1 was ever removed.
const SHOP_ROW = 1;

/**
 * Only the fields the form sent change (empty ones arrive as missing), plus
 * a new hero image; the replaced hero file goes once nothing points at it.
 */
export async function saveSiteSettings({ db, images }: Deps, input: SiteSettingsInput, heroImage: Buffer | null): Promise<SiteSettings> {
  const before = await getSiteSettings(db);
  const row = await saveWithImage(images, heroImage, input.siteTitle ?? 'hero', async (heroImageUrl) => {
    const changes = { ...input, ...(heroImageUrl && { heroImageUrl }), updatedAt: new Date() };
    const [saved] = await db
      .insert(siteSettings)
      .values({ id: SHOP_ROW, ...changes })
      .onConflictDoUpdate({ target: siteSettings.id, set: changes })
      .returning();
    return saved!;
  });
  if (row.heroImageUrl !== before.heroImageUrl) await releaseImage(db, images, before.heroImageUrl);
  return toSiteSettingsView(row);
}

/** The contact form sends every field; an emptied field clears that line on /contact. */
export async function saveContactInfo(db: Database, input: ContactInfoInput): Promise<ContactInfo> {
  const changes = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(contactInfo)
    .values({ id: SHOP_ROW, ...changes })
    .onConflictDoUpdate({ target: contactInfo.id, set: changes })
    .returning();
  return toContactInfoView(row!);
}

/** The three sections are saved together ("Save Policies"). */
export async function savePolicies(db: Database, input: PoliciesInput): Promise<Policies> {
  const changes = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(policies)
    .values({ id: SHOP_ROW, ...changes })
    .onConflictDoUpdate({ target: policies.id, set: changes })
    .returning();
  return toPoliciesView(row!);
}

/** The return window and terms; an emptied conditions text clears them. */
export async function saveReturnPolicy(db: Database, input: ReturnPolicyInput): Promise<SiteSettings> {
  const changes = { returnWindowDays: input.windowDays, returnConditions: input.conditions, updatedAt: new Date() };
  const [row] = await db
    .insert(siteSettings)
    .values({ id: SHOP_ROW, ...changes })
    .onConflictDoUpdate({ target: siteSettings.id, set: changes })
    .returning();
  return toSiteSettingsView(row!);
}
