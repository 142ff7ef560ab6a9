import { z } from 'zod';

const text = z.string().nullable();

export const SiteSettings = z.object({
  siteTitle: text,
  heroTitle: text,
  heroDescription: text,
  heroImageUrl: text,
  featuresTitle: text,
  feature1Title: text,
  feature1Description: text,
  feature2Title: text,
  feature2Description: text,
  feature3Title: text,
  feature3Description: text,
  primaryColor: text,
  headerColor: text,
  bodyColor: text,
  footerColor: text,
  // decimal strings like prices; null when the owner cleared them
  taxRate: text,
  shippingCost: text,
  freeShippingThreshold: text,
  fulfillmentEmail: text,
  stockAlertFactor: text,
  /** whole units: cards read "Only n left" below it (as text like the form's other fields) */
  lowStockThreshold: text,
  authPageTitle: text,
  authPageCardTitle: text,
  authPageHeroTitle: text,
  authPageHeroDescription: text,
  /** days after delivery a customer may ask for a return; 0: the shop takes no returns */
  returnWindowDays: z.number().int(),
  /** the owner's return terms, shown on product pages, the policies page and in order e-mails */
  returnConditions: z.string(),
  updatedAt: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export const ContactInfo = z.object({
  email: text,
  phone: text,
  address: text,
  facebook: text,
  twitter: text,
  instagram: text,
  linkedin: text,
  businessHours: text,
  updatedAt: z.string(),
});
export type ContactInfo = z.infer<typeof ContactInfo>;

export const Policies = z.object({
  title1: z.string(),
  content1: z.string(),
  title2: z.string(),
  content2: z.string(),
  title3: z.string(),
  content3: z.string(),
  updatedAt: z.string(),
});
export type Policies = z.infer<typeof Policies>;

export const PublicConfig = z.object({
  paymentProvider: z.enum(['simulated', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  taxProvider: z.enum(['state-rates', 'taxjar']),
  mailTransport: z.enum(['outbox', 'smtp']),
  allowConfirmationTest: z.boolean(),
  isProduction: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
