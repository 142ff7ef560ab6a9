import type { FastifyInstance } from 'fastify';
import { publicOrigin } from './config.ts';
import type { AppDeps, AppServices } from './deps.ts';
import type { CheckoutSettingsReader } from './modules/checkout/checkout-service.ts';
import type { OnRestock } from './modules/stock/stock-service.ts';
import { scheduleSessionCleanup } from './modules/accounts/session-service.ts';
import { createMailService } from './modules/mail/mail-service.ts';
import { finderCatalogReferences } from './modules/paddle-finder/finder-service.ts';
import { createOrderLinks } from './modules/orders/order-link-service.ts';
import { cancelOrder, providerFromConfig, scheduleOrderExpiry } from './modules/payments/payment-service.ts';
import { alertRestockedVariants, createStockAlertLinks } from './modules/stock-alerts/stock-alert-service.ts';
import { createTaxService } from './modules/tax/tax-service.ts';

/** How often unpaid orders past their deadline are closed, and how long one run may take. */
export const ORDER_EXPIRY_INTERVAL_MS = 30_000;
const ORDER_EXPIRY_TIMEOUT_MS = 20_000;
/** Expired sessions are deleted this often (they are refused as soon as they expire either way). */
const SESSION_CLEANUP_INTERVAL_MS = 60 * 60_000;

/**
 * The composition root: every shared service is built here, once, from the config and the
 * database, and handed to the route plugins. Background work starts and stops with the app.
 */
export function buildServices(app: FastifyInstance, deps: AppDeps, sessionSecret: string, checkoutSettings: CheckoutSettingsReader): AppServices {
  // links in e-mails start with the configured address, never a request's Host (config.ts publicOrigin)
  const publicBase = publicOrigin(deps.config);
  const orderLinks = createOrderLinks(sessionSecret, publicBase);
  const mail = createMailService({ ...deps, orderPageUrl: (orderNumber) => orderLinks.url(orderNumber), log: { error: (message) => app.log.error(message) } });
  // the e-mail worker (with SMTP) starts once the app is ready and stops with it, before the pool closes (decision 022)
  app.addHook('onReady', () => mail.start());
  const stockAlerts = { db: deps.db, mail, links: createStockAlertLinks(sessionSecret, publicBase), publicBase };
  // every writer of variant stock calls this in its transaction (stock-service.ts OnRestock)
  const onRestock: OnRestock = (tx, restocks) => alertRestockedVariants(stockAlerts, tx, restocks);
  const payments = { db: deps.db, provider: providerFromConfig(deps), mail, onRestock };
  const tax = createTaxService(deps);
  const expiry = scheduleOrderExpiry({ ...payments, log: app.log }, { intervalMs: ORDER_EXPIRY_INTERVAL_MS, timeoutMs: ORDER_EXPIRY_TIMEOUT_MS });
  const sessionCleanup = scheduleSessionCleanup(deps.db, app.log, SESSION_CLEANUP_INTERVAL_MS);
  app.addHook('onClose', async () => {
    expiry.stop();
    sessionCleanup.stop();
    await mail.close();
  });
  return {
    payments,
    tax,
    checkoutSettings,
    mail,
    orderLinks,
    stockAlerts,
    onRestock,
    cancelOrder: (orderId, actor, log) => cancelOrder({ ...payments, log }, orderId, actor),
    catalogReferences: finderCatalogReferences,
  };
}
