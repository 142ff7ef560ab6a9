import type { SiteSettingsInput } from '#common/schemas/admin-content.ts';

// Every editable site settings field, grouped as the form shows them.
export type SettingKey = Exclude<keyof SiteSettingsInput, 'heroImageUrl'>;

export interface SettingField {
  key: SettingKey;
  label: string;
  kind: 'text' | 'textarea' | 'color' | 'number' | 'email';
  hint?: string;
  /** Defaults for the colour pickers. */
  fallback?: string;
}

interface SettingGroup {
  title: string;
  fields: SettingField[];
}

export const SETTING_GROUPS: SettingGroup[] = [
  {
    title: 'Site and hero',
    fields: [
      { key: 'siteTitle', label: 'Site title', kind: 'text' },
      { key: 'heroTitle', label: 'Hero title', kind: 'text' },
      { key: 'heroDescription', label: 'Hero description', kind: 'textarea' },
    ],
  },
  {
    title: 'Features section',
    fields: [
      { key: 'featuresTitle', label: 'Features title', kind: 'text' },
      { key: 'feature1Title', label: 'Feature 1 title', kind: 'text' },
      { key: 'feature1Description', label: 'Feature 1 description', kind: 'textarea' },
      { key: 'feature2Title', label: 'Feature 2 title', kind: 'text' },
      { key: 'feature2Description', label: 'Feature 2 description', kind: 'textarea' },
      { key: 'feature3Title', label: 'Feature 3 title', kind: 'text' },
      { key: 'feature3Description', label: 'Feature 3 description', kind: 'textarea' },
    ],
  },
  {
    title: 'Colours',
    fields: [
      { key: 'primaryColor', label: 'Primary color', kind: 'color', fallback: '#1e40af' },
      { key: 'headerColor', label: 'Header color', kind: 'color', fallback: '#ffffff' },
      { key: 'bodyColor', label: 'Body color', kind: 'color', fallback: '#f3f4f6' },
      { key: 'footerColor', label: 'Footer color', kind: 'color', fallback: '#1f2937' },
    ],
  },
  {
    title: 'Checkout',
    fields: [
      { key: 'taxRate', label: 'Tax rate (%)', kind: 'number', hint: 'Between 0 and 100.' },
      { key: 'shippingCost', label: 'Shipping cost ($)', kind: 'number', hint: '0 or more; default 5.99.' },
      { key: 'freeShippingThreshold', label: 'Free shipping threshold ($)', kind: 'number', hint: '0 or more; default 50.' },
      { key: 'fulfillmentEmail', label: 'Fulfillment email', kind: 'email', hint: 'Receives a copy of every paid order.' },
      {
        key: 'stockAlertFactor',
        label: 'Back-in-stock factor',
        kind: 'number',
        hint: 'A restock of n units e-mails at most n times this many waiting shoppers; 1 to 100, default 3.',
      },
      {
        key: 'lowStockThreshold',
        label: 'Low-stock threshold',
        kind: 'number',
        hint: 'Product cards say "Only 3 left" below this many units, "In stock" from it on; 0 to 1000, default 5.',
      },
    ],
  },
  {
    title: 'Sign-in page',
    fields: [
      { key: 'authPageTitle', label: 'Auth page title', kind: 'text' },
      { key: 'authPageCardTitle', label: 'Auth page card title', kind: 'text' },
      { key: 'authPageHeroTitle', label: 'Auth page hero title', kind: 'text' },
      { key: 'authPageHeroDescription', label: 'Auth page hero description', kind: 'textarea' },
    ],
  },
];

export const SETTING_KEYS: SettingKey[] = SETTING_GROUPS.flatMap((group) => group.fields.map((field) => field.key));
