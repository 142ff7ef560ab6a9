import { eq } from 'drizzle-orm';
import type { ContactInfo, Policies, PublicConfig, SiteSettings } from '#common/schemas/content.ts';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { contactInfo, policies, siteSettings } from '#server/db/schema.ts';

type SiteSettingsRow = typeof siteSettings.$inferSelect;
type ContactInfoRow = typeof contactInfo.$inferSelect;
type PoliciesRow = typeof policies.$inferSelect;

/** The shop's row of a single-row table; row 1 is created at start, and again here if someone removed it. */
async function readSingleton<T>(read: () => Promise<T[]>, create: () => Promise<unknown>): Promise<T> {
  const [row] = await read();
  if (row) return row;
  await create();
  const [created] = await read();
  return created!;
}

export function toSiteSettingsView(row: SiteSettingsRow): SiteSettings {
  const { id: _id, updatedAt, stockAlertFactor, lowStockThreshold, holdReviewsForModeration: _hold, returnWindowDays, returnConditions, ...texts } = row;
  // as text like every field of the settings form; the return policy has its own form
  return {
    ...texts,
    stockAlertFactor: String(stockAlertFactor),
    lowStockThreshold: String(lowStockThreshold),
    returnWindowDays,
    returnConditions,
    updatedAt: updatedAt.toISOString(),
  };
}

export function toContactInfoView(row: ContactInfoRow): ContactInfo {
  const { id: _id, updatedAt, ...fields } = row;
  return { ...fields, updatedAt: updatedAt.toISOString() };
}

export function toPoliciesView(row: PoliciesRow): Policies {
  const { id: _id, updatedAt, ...sections } = row;
  return { ...sections, updatedAt: updatedAt.toISOString() };
}

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const row = await readSingleton(
    () => db.select().from(siteSettings).where(eq(siteSettings.id, 1)),
    () => db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing(),
  );
  return toSiteSettingsView(row);
}

export async function getContactInfo(db: Database): Promise<ContactInfo> {
  const row = await readSingleton(
    () => db.select().from(contactInfo).where(eq(contactInfo.id, 1)),
    () => db.insert(contactInfo).values({ id: 1 }).onConflictDoNothing(),
  );
  return toContactInfoView(row);
}

export async function getPolicies(db: Database): Promise<Policies> {
  const row = await readSingleton(
    () => db.select().from(policies).where(eq(policies.id, 1)),
    () => db.insert(policies).values({ id: 1 }).onConflictDoNothing(),
  );
  return toPoliciesView(row);
}

/** Which services are live, so the client loads Stripe.js only when Stripe is configured. */
export function getPublicConfig(config: Config): PublicConfig {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  return {
    paymentProvider: stripe ? 'stripe' : 'simulated',
    stripePublishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    taxProvider: config.TAXJAR_API_KEY ? 'taxjar' : 'state-rates',
    mailTransport: config.SMTP_URL ? 'smtp' : 'outbox',
    allowConfirmationTest: config.ALLOW_CONFIRMATION_TEST,
    // with the simulator this tells the admin dashboard to warn that no money is taken
    isProduction: config.NODE_ENV === 'production',
  };
}

interface ReturnPolicy {
  /** 0: no returns */
  windowDays: number;
  conditions: string;
}

/** The return window and terms (decision 027): what a return request is checked against. */
export async function getReturnPolicy(db: Database | Transaction): Promise<ReturnPolicy> {
  const [row] = await db
    .select({ windowDays: siteSettings.returnWindowDays, conditions: siteSettings.returnConditions })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row ?? { windowDays: 0, conditions: '' };
}

/** The single-row tables always exist, so reads and admin saves never meet an empty table (run at start). */
export async function ensureSingletonRows(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  await db.insert(contactInfo).values({ id: 1 }).onConflictDoNothing();
  await db.insert(policies).values({ id: 1 }).onConflictDoNothing();
}

/** Whether new reviews wait for the owner's approval: one of the shop's settings, asked for by the reviews module. */
export async function saveReviewModeration(db: Database, holdForModeration: boolean): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, holdReviewsForModeration: holdForModeration })
    .onConflictDoUpdate({ target: siteSettings.id, set: { holdReviewsForModeration: holdForModeration, updatedAt: new Date() } });
}
