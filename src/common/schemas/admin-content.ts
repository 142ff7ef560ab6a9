import { z } from 'zod';
import { decimalAmount, imageUrlField, isBlank, isHttpUrl, optionalText } from './admin-fields.ts';
import { fromDecimalText } from './whole-number.ts';

// Admin payloads for the site's content: settings, contact details and policies.

// every settings field is optional and an empty string counts as missing
function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}
const settingText = (label: string, max = 2000) =>
  setting(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );
const settingColor = (label: string) =>
  setting(
    z
      .string({ error: `${label} must be a color like #1e40af` })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a color like #1e40af`)
      .transform((v) => v.toLowerCase()),
  );

export const SiteSettingsInput = z.object({
  siteTitle: settingText('Site title', 200),
  heroTitle: settingText('Hero title', 200),
  heroDescription: settingText('Hero description'),
  heroImageUrl: setting(imageUrlField('Hero image URL')),
  featuresTitle: settingText('Features title', 200),
  feature1Title: settingText('Feature 1 title', 200),
  feature1Description: settingText('Feature 1 description'),
  feature2Title: settingText('Feature 2 title', 200),
  feature2Description: settingText('Feature 2 description'),
  feature3Title: settingText('Feature 3 title', 200),
  feature3Description: settingText('Feature 3 description'),
  primaryColor: settingColor('Primary color'),
  headerColor: settingColor('Header color'),
  bodyColor: settingColor('Body color'),
  footerColor: settingColor('Footer color'),
  taxRate: setting(decimalAmount('Tax rate', { max: 100, maxMessage: 'Tax rate must be between 0 and 100' })),
  shippingCost: setting(decimalAmount('Shipping cost')),
  freeShippingThreshold: setting(decimalAmount('Free shipping threshold')),
  // stored lowercase: people type e-mails in any case
  fulfillmentEmail: setting(
    z
      .email('Fulfillment email must be a valid email address')
      .trim()
      .transform((v) => v.toLowerCase()),
  ),
  // back-in-stock alerts: a restock of n units e-mails at most n x this many waiting sign-ups
  stockAlertFactor: setting(
    fromDecimalText(
      z
        .number({ error: 'Back-in-stock factor must be a whole number from 1 to 100' })
        .int('Back-in-stock factor must be a whole number from 1 to 100')
        .min(1, 'Back-in-stock factor must be a whole number from 1 to 100')
        .max(100, 'Back-in-stock factor must be a whole number from 1 to 100'),
    ),
  ),
  // product cards read "Only n left" below this many units; 0: never
  lowStockThreshold: setting(
    fromDecimalText(
      z
        .number({ error: 'Low-stock threshold must be a whole number from 0 to 1000' })
        .int('Low-stock threshold must be a whole number from 0 to 1000')
        .min(0, 'Low-stock threshold must be a whole number from 0 to 1000')
        .max(1000, 'Low-stock threshold must be a whole number from 0 to 1000'),
    ),
  ),
  authPageTitle: settingText('Auth page title', 200),
  authPageCardTitle: settingText('Auth page card title', 200),
  authPageHeroTitle: settingText('Auth page hero title', 200),
  authPageHeroDescription: settingText('Auth page hero description'),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInput>;

// Social links are shown as links on /contact, so only http(s) addresses are accepted.
const socialLink = (label: string) => optionalText(label, 500).refine((value) => value == null || isHttpUrl(value), `${label} must be an http(s) URL`);

/** POST /api/contact-info: the whole form; an empty field clears that line. */
export const ContactInfoInput = z.object({
  email: optionalText('Email', 254).refine((value) => value == null || z.email().safeParse(value).success, 'Please enter a valid email address'),
  phone: optionalText('Phone', 50),
  // "street, city, state, zip": also the tax origin address
  address: optionalText('Address', 500),
  facebook: socialLink('Facebook'),
  twitter: socialLink('Twitter'),
  instagram: socialLink('Instagram'),
  linkedin: socialLink('LinkedIn'),
  businessHours: optionalText('Business hours', 500),
});
export type ContactInfoInput = z.infer<typeof ContactInfoInput>;

const policyTitle = (n: number) =>
  z
    .string({ error: `Title ${n} must be text` })
    .trim()
    .max(200, `Title ${n} must be at most 200 characters`)
    .default('');
const policyContent = (n: number) =>
  z
    .string({ error: `Content ${n} must be text` })
    .max(50_000, `Content ${n} must be at most 50000 characters`)
    .default('');

export const PoliciesInput = z.object({
  title1: policyTitle(1),
  content1: policyContent(1),
  title2: policyTitle(2),
  content2: policyContent(2),
  title3: policyTitle(3),
  content3: policyContent(3),
});
export type PoliciesInput = z.infer<typeof PoliciesInput>;

/** PUT /api/return-policy: the return window ("test drive") and its terms; both saved as sent. */
export const ReturnPolicyInput = z.object({
  windowDays: z
    .number({ error: 'Return window must be a whole number of days from 0 to 365' })
    .int('Return window must be a whole number of days from 0 to 365')
    .min(0, 'Return window must be a whole number of days from 0 to 365')
    .max(365, 'Return window must be a whole number of days from 0 to 365'),
  conditions: z.string({ error: 'Return conditions must be text' }).trim().max(2000, 'Return conditions must be at most 2000 characters'),
});
export type ReturnPolicyInput = z.infer<typeof ReturnPolicyInput>;
