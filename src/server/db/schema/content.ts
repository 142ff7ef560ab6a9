import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Single-row tables: the row with id 1 is the shop's.

export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  siteTitle: text('site_title'),
  heroTitle: text('hero_title'),
  heroDescription: text('hero_description'),
  heroImageUrl: text('hero_image_url'),
  featuresTitle: text('features_title'),
  feature1Title: text('feature1_title'),
  feature1Description: text('feature1_description'),
  feature2Title: text('feature2_title'),
  feature2Description: text('feature2_description'),
  feature3Title: text('feature3_title'),
  feature3Description: text('feature3_description'),
  primaryColor: text('primary_color').default('#1e40af'),
  headerColor: text('header_color').default('#ffffff'),
  bodyColor: text('body_color').default('#f3f4f6'),
  footerColor: text('footer_color').default('#1f2937'),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).default('0'),
  // nullable on purpose: shipping is free when either is missing
  shippingCost: numeric('shipping_cost', { precision: 10, scale: 2 }).default('5.99'),
  freeShippingThreshold: numeric('free_shipping_threshold', { precision: 10, scale: 2 }).default('50'),
  fulfillmentEmail: text('fulfillment_email'),
  // a restock of n units e-mails at most n x this many back-in-stock subscribers
  stockAlertFactor: integer('stock_alert_factor').notNull().default(3),
  // product cards read "Only n left" below this many units, "In stock" from it on
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  authPageTitle: text('auth_page_title'),
  authPageCardTitle: text('auth_page_card_title'),
  authPageHeroTitle: text('auth_page_hero_title'),
  authPageHeroDescription: text('auth_page_hero_description'),
  // new reviews wait in the admin's queue until published; off: they are published as written
  holdReviewsForModeration: boolean('hold_reviews_for_moderation').notNull().default(true),
  // days after delivery a customer may ask to return delivered lines; 0: the shop takes no returns
  returnWindowDays: integer('return_window_days').notNull().default(0),
  // the owner's terms ("play it, return it within 30 days for store credit or a refund minus a fee")
  returnConditions: text('return_conditions').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactInfo = pgTable('contact_info', {
  id: integer('id').primaryKey().default(1),
  email: text('email'),
  phone: text('phone'),
  // "street, city, state, zip": also the tax origin address
  address: text('address'),
  facebook: text('facebook'),
  twitter: text('twitter'),
  instagram: text('instagram'),
  linkedin: text('linkedin'),
  businessHours: text('business_hours'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const policies = pgTable('policies', {
  id: integer('id').primaryKey().default(1),
  title1: text('title1').notNull().default(''),
  content1: text('content1').notNull().default(''),
  title2: text('title2').notNull().default(''),
  content2: text('content2').notNull().default(''),
  title3: text('title3').notNull().default(''),
  content3: text('content3').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
