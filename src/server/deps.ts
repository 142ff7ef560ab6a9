import type { Config } from './config.ts';
import type { CheckoutSettingsReader } from './modules/checkout/checkout-service.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { CatalogReferences } from './modules/catalog/catalog-service.ts';
import type { MailService } from './modules/mail/mail-service.ts';
import type { ImageStore } from './modules/media/image-store-service.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { Actor } from './modules/orders/order-service.ts';
import type { OrderLinks } from './modules/orders/order-link-service.ts';
import type { PaymentContext, PaymentLog } from './modules/payments/payment-service.ts';
import type { StockAlertDeps } from './modules/stock-alerts/stock-alert-service.ts';
import type { OnRestock } from './modules/stock/stock-service.ts';
import type { TaxService } from './modules/tax/tax-service.ts';

/** What the app is built from; tests build it with a fresh database. */
export interface AppDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** Where uploaded images are kept: DATA_DIR/uploads or an S3 bucket (decision 029). */
  images: ImageStore;
}

/** Services built once by buildApp and handed to every module's routes. */
export interface AppServices {
  payments: PaymentContext;
  tax: TaxService;
  /** the owner's settings checkout prices with (shipping, default tax rate, business address), cached in production */
  checkoutSettings: CheckoutSettingsReader;
  mail: MailService;
  /** Signed links to a customer's order page (guest lookup, order e-mails). */
  orderLinks: OrderLinks;
  /** back-in-stock alerts: sign-ups, their signed links, the e-mails */
  stockAlerts: StockAlertDeps;
  /** handed to every writer of variant stock: a variant back from 0 alerts its waiting sign-ups */
  onRestock: OnRestock;
  /**
   * The owner's cancel (refund, restock, e-mail) is a payments workflow; the orders module's route
   * is handed it here instead of importing payments, which itself builds on orders.
   */
  cancelOrder: (orderId: number, actor: Actor, log?: PaymentLog) => Promise<OrderView>;
  /** The paddle finder's rules name catalogue records; the catalogue's admin asks them before a delete or rename. */
  catalogReferences: CatalogReferences;
}

export type ModuleDeps = AppDeps & AppServices;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
