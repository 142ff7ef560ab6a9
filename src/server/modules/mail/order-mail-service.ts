import type { Database } from '#server/db/client.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { readShop } from './shop-details.ts';
import { renderNewOrderNotice } from './templates/new-order-notice.ts';
import { renderOrderConfirmation } from './templates/order-confirmation.ts';
import type { OrderEmailData } from './templates/order-summary.ts';
import { renderOrderShipped } from './templates/order-shipped.ts';
import { renderOrderCancelled } from './templates/order-cancelled.ts';

/** A paid order e-mails the customer and, when fulfillmentEmail is set, the fulfilment address. */
export async function sendOrderPlacedEmails(
  mail: MailService,
  db: Database,
  order: OrderEmailData,
): Promise<{ confirmation: MailResult; fulfilment: MailResult | null }> {
  const { shopName, fulfillmentEmail } = await readShop(db);
  const confirmation = await mail.send({ kind: 'order-confirmation', to: order.customerEmail, ...renderOrderConfirmation(order, shopName) });
  const fulfilment = fulfillmentEmail ? await mail.send({ kind: 'order-fulfilment', to: fulfillmentEmail, ...renderNewOrderNotice(order, shopName) }) : null;
  return { confirmation, fulfilment };
}

/** For the admin orders tab: the order was marked shipped with a tracking number. */
export async function sendOrderShippedEmail(mail: MailService, db: Database, order: OrderEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  return mail.send({ kind: 'order-shipped', to: order.customerEmail, ...renderOrderShipped(order, shopName) });
}

/** The shop cancelled a paid order and refunded it. */
export async function sendOrderCancelledEmail(mail: MailService, db: Database, order: OrderEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  return mail.send({ kind: 'order-cancelled', to: order.customerEmail, ...renderOrderCancelled(order, shopName) });
}

export type CustomerOrderTemplate = 'order-confirmation' | 'order-shipped';

/**
 * One customer e-mail on its own, rendered by the same template customers get; for the admin's
 * test e-mail page, whose `kind` keeps test messages apart in the outbox.
 */
export async function sendCustomerOrderEmail(
  mail: MailService,
  db: Database,
  order: OrderEmailData,
  options: { template: CustomerOrderTemplate; kind: string },
): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const rendered = options.template === 'order-shipped' ? renderOrderShipped(order, shopName) : renderOrderConfirmation(order, shopName);
  return mail.send({ kind: options.kind, to: order.customerEmail, ...rendered });
}
