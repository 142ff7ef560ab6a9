import type { FastifyInstance } from 'fastify';
import type { OrderView } from '#common/schemas/orders.ts';
import { publicOrigin, type Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { scheduleSessionCleanup } from './modules/accounts/session-service.ts';
import { createCatalogReads, type CatalogReads } from './modules/catalog/catalog-service.ts';
import { setProductCover, type CatalogReferences } from './modules/catalog-admin/catalog-admin-service.ts';
import type { CheckoutSettingsReader } from './modules/checkout/checkout-service.ts';
import type { SetProductCover } from './modules/image-manager/image-manager-service.ts';
import { createMailService, type MailService } from './modules/mail/mail-service.ts';
import type { ImageStore } from './modules/media/image-store-service.ts';
import { finderCatalogReferences } from './modules/paddle-finder/finder-service.ts';
import { scheduleReportRollup } from './modules/reports/report-service.ts';
import { scheduleGiftCardDeliveries } from './modules/gift-cards/gift-card-purchase-service.ts';
import { sendGiftCardEmail } from './modules/mail/gift-card-mail-service.ts';
import { createOrderLinks, type OrderLinks } from './modules/orders/order-link-service.ts';
import type { Actor } from './modules/orders/order-service.ts';
import { cancelOrder, providerFromConfig, scheduleOrderExpiry, type PaymentContext, type PaymentLog } from './modules/payments/payment-service.ts';
import { createSignedLinks, type NewsletterDeps } from './modules/newsletter/newsletter-service.ts';
import { scheduleCheckoutRecovery, type CheckoutRecoveryDeps } from './modules/checkout-recovery/checkout-recovery-service.ts';
import { alertRestockedVariants, createStockAlertLinks, type StockAlertDeps } from './modules/stock-alerts/stock-alert-service.ts';
import type { OnRestock } from './modules/stock/stock-service.ts';
import { createTaxService, type TaxService } from './modules/tax/tax-service.ts';
import { createCarrierClient, createCarrierRates, type CarrierClient, type CarrierRates } from './modules/shipping/shipping-service.ts';

/** What the app is built from; tests build it with a fresh database. */
export interface AppDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** Where uploaded images are kept: DATA_DIR/uploads or an S3 bucket (decision 029). */
  images: ImageStore;
}

/** The services built once here; app.ts hands each route plugin the ones its module declares it needs. */
export interface AppServices {
  payments: PaymentContext;
  tax: TaxService;
  /** the carrier API (EasyPost, decision 057): labels and tracking; null without EASYPOST_API_KEY */
  carrier: CarrierClient | null;
  /** live prices of carrier-calculated shipping methods, kept a few minutes per parcel and route */
  carrierRates: CarrierRates;
  /** the owner's settings checkout prices with (shipping, default tax rate, business address), cached in production */
  checkoutSettings: CheckoutSettingsReader;
  mail: MailService;
  /** the catalogue reads prepared once (the shop's lists, search, the product page) */
  catalog: CatalogReads;
  /** Signed links to a customer's order page (guest lookup, order e-mails). */
  orderLinks: OrderLinks;
  /** back-in-stock alerts: sign-ups, their signed links, the e-mails */
  stockAlerts: StockAlertDeps;
  /** the newsletter: sign-ups, their signed links, the e-mails */
  newsletter: NewsletterDeps;
  /** abandoned-checkout reminders: their signed cart and unsubscribe links, the e-mails */
  checkoutRecovery: CheckoutRecoveryDeps;
  /** handed to every writer of variant stock: a variant back from 0 alerts its waiting sign-ups */
  onRestock: OnRestock;
  /**
   * The owner's cancel (refund, restock, e-mail) is a payments workflow; the orders module's routes
   * are handed it instead of importing payments, which itself builds on orders.
   */
  cancelOrder: (orderId: number, actor: Actor, log?: PaymentLog) => Promise<OrderView>;
  /** The paddle finder's rules name catalogue records; the catalogue's admin asks them before a delete or rename. */
  catalogReferences: CatalogReferences;
  /** The image manager attaches an upload as a product's cover through the catalogue's admin, which itself builds on the image manager. */
  setProductCover: SetProductCover;
}

/** How often unpaid orders past their deadline are closed, and how long one run may take. */
const ORDER_EXPIRY_INTERVAL_MS = 30_000;
const ORDER_EXPIRY_TIMEOUT_MS = 20_000;
/** Expired sessions are deleted this often (they are refused as soon as they expire either way). */
const SESSION_CLEANUP_INTERVAL_MS = 60 * 60_000;
/** Orders changed since the last run are rolled up for the reports this often (reads also catch up first: decision 051). */
const REPORT_ROLLUP_INTERVAL_MS = 60_000;
/** Gift cards bought for a later day are issued and e-mailed by a run this often (decision 066). */
const GIFT_CARD_DELIVERY_INTERVAL_MS = 5 * 60_000;

/**
 * The composition root: every shared service is built here, once, from the config and the
 * database, and app.ts hands each route plugin what it declares it needs. Background work starts and stops with the app.
 */
export function buildServices(
  app: FastifyInstance,
  deps: AppDeps,
  sessionSecret: string,
  checkoutSettings: CheckoutSettingsReader,
  onDecline?: () => void,
): AppServices {
  // links in e-mails start with the configured address, never a request's Host (config.ts publicOrigin)
  const publicBase = publicOrigin(deps.config);
  const orderLinks = createOrderLinks(sessionSecret, publicBase);
  const mail = createMailService({ ...deps, orderPageUrl: (orderNumber) => orderLinks.url(orderNumber), log: { error: (message) => app.log.error(message) } });
  // the e-mail worker (with SMTP) starts once the app is ready and stops with it, before the pool closes (decision 022)
  app.addHook('onReady', () => mail.start());
  const stockAlerts = { db: deps.db, mail, links: createStockAlertLinks(sessionSecret, publicBase), publicBase };
  const newsletterLinks = createSignedLinks<'confirm' | 'unsubscribe'>({ sessionSecret, use: 'newsletter-links/v1', publicBase, path: '/api/newsletter' });
  const newsletter = { db: deps.db, mail, links: newsletterLinks, publicBase };
  const checkoutRecovery = {
    db: deps.db,
    mail,
    links: createSignedLinks<'cart' | 'unsubscribe'>({ sessionSecret, use: 'checkout-recovery-links/v1', publicBase, path: '/api/checkout-recovery' }),
    publicBase,
  };
  // every writer of variant stock calls this in its transaction (stock-service.ts OnRestock)
  const onRestock: OnRestock = (tx, restocks) => alertRestockedVariants(stockAlerts, tx, restocks);
  const payments = { db: deps.db, provider: providerFromConfig(deps), mail, onRestock, onDecline };
  const tax = createTaxService(deps);
  const carrier = createCarrierClient(deps.config);
  const expiry = scheduleOrderExpiry({ ...payments, log: app.log }, { intervalMs: ORDER_EXPIRY_INTERVAL_MS, timeoutMs: ORDER_EXPIRY_TIMEOUT_MS });
  const sessionCleanup = scheduleSessionCleanup(deps.db, app.log, SESSION_CLEANUP_INTERVAL_MS);
  const recoveryRuns = scheduleCheckoutRecovery(checkoutRecovery, { intervalMs: deps.config.CHECKOUT_RECOVERY_INTERVAL_MS, log: app.log });
  const reportRollup = scheduleReportRollup(deps.db, app.log, REPORT_ROLLUP_INTERVAL_MS);
  const giftCardRuns = scheduleGiftCardDeliveries(
    { db: deps.db, send: (tx, card) => sendGiftCardEmail(mail, tx, card) },
    { intervalMs: GIFT_CARD_DELIVERY_INTERVAL_MS, log: app.log },
  );
  // the listing's metadata and catalogue kept a minute at most in production (emptied on every catalogue change:
  // app.ts), the catalogue read and searched in a worker thread on PostgreSQL (decision 085; PGlite's one
  // connection is this thread's)
  const catalog = createCatalogReads(deps.db, {
    keepMetadataMs: deps.config.NODE_ENV === 'production' ? 60_000 : 0,
    ...(deps.database.url && { worker: { url: deps.database.url, timeouts: deps.config } }),
  });
  app.addHook('onClose', async () => {
    await catalog.close();
    expiry.stop();
    sessionCleanup.stop();
    recoveryRuns.stop();
    reportRollup.stop();
    giftCardRuns.stop();
    await mail.close();
  });
  return {
    payments,
    tax,
    carrier,
    carrierRates: createCarrierRates(carrier),
    checkoutSettings,
    mail,
    catalog,
    orderLinks,
    stockAlerts,
    newsletter,
    checkoutRecovery,
    onRestock,
    cancelOrder: (orderId, actor, log) => cancelOrder({ ...payments, log }, orderId, actor),
    catalogReferences: finderCatalogReferences,
    setProductCover,
  };
}
