import type { Database, Transaction } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { DirectMailResult, MailResult, MailService } from './mail-service.ts';
import { readPickupPlace, readReturnTerms, readShop, readShopContact } from './shop-details.ts';
import { renderOrderRefunded, type RefundEmailData } from './templates/order-refunded.ts';
import { renderNewOrderNotice } from './templates/new-order-notice.ts';
import { renderOrderConfirmation } from './templates/order-confirmation.ts';
import type { OrderEmailData } from './templates/order-summary.ts';
import { renderOrderShipped } from './templates/order-shipped.ts';
import { renderReadyForPickup, renderShipmentSent, type ShipmentEmailData } from './templates/order-shipment.ts';
import { renderOrderCancelled } from './templates/order-cancelled.ts';
import { renderOrderCancelledNotice } from './templates/order-cancelled-notice.ts';
import { renderOrderLink, type OrderLinkEmailData } from './templates/order-link.ts';
import { orderReturnEmails, renderOrderReturn, type ReturnEmailData } from './templates/order-return.ts';
import { orderGiftCardDeliveries } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { formatCents } from '#common/money.ts';

export type { ReturnEmailData } from './templates/order-return.ts';
export type { ShipmentEmailData } from './templates/order-shipment.ts';

/** A real order's e-mail links to its page; a test preview (no order number) links nowhere. */
function withLink(mail: MailService, order: OrderEmailData): OrderEmailData {
  return order.orderNumber && mail.orderPageUrl ? { ...order, orderUrl: mail.orderPageUrl(order.orderNumber) } : order;
}

/** A real order's e-mail is listed on its timeline; a test preview (no order number) belongs to no order. */
const about = (order: OrderEmailData) => (order.orderNumber ? { orderId: order.id } : {});

/**
 * A paid order e-mails the customer and, when fulfillmentEmail is set, the fulfilment address. Given the
 * transaction that marks the order paid, the e-mails are recorded exactly when it commits (decision 022).
 */
/** "A $50.00 gift card for Robin Rally (robin@example.com) is e-mailed on Dec 24, 2026.", one sentence per recipient and day. */
function giftCardSentences(deliveries: Awaited<ReturnType<typeof orderGiftCardDeliveries>>): string[] {
  const groups = new Map<string, { count: number; amountCents: number; name: string; email: string; day: string }>();
  for (const delivery of deliveries) {
    const key = [delivery.recipientEmail, delivery.recipientName, delivery.deliverOn, delivery.amountCents].join('|');
    const group = groups.get(key);
    if (group) group.count += 1;
    else
      groups.set(key, { count: 1, amountCents: delivery.amountCents, name: delivery.recipientName, email: delivery.recipientEmail, day: delivery.deliverOn });
  }
  return [...groups.values()].map((group) => {
    const day = new Date(`${group.day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const what = group.count === 1 ? `A ${formatCents(group.amountCents)} gift card` : `${group.count} gift cards of ${formatCents(group.amountCents)}`;
    return `${what} for ${group.name} (${group.email}) ${group.count === 1 ? 'is' : 'are'} e-mailed on ${day}.`;
  });
}

export async function sendOrderPlacedEmails(
  mail: MailService,
  db: Database | Transaction,
  order: OrderEmailData,
): Promise<{ confirmation: MailResult; fulfilment: MailResult | null }> {
  // one after the other: in a transaction both reads share its one connection
  const { shopName, fulfillmentEmail } = await readShop(db);
  const returnTerms = await readReturnTerms(db);
  const blocks = await readTemplateBlocks(db, 'order-confirmation');
  const noticeBlocks = fulfillmentEmail ? await readTemplateBlocks(db, 'order-fulfilment') : undefined;
  const giftCards = order.orderNumber ? giftCardSentences(await orderGiftCardDeliveries(db, order.id)) : [];
  const confirmation = await mail.send(
    {
      kind: 'order-confirmation',
      ...about(order),
      to: order.customerEmail,
      ...renderOrderConfirmation(withLink(mail, order), shopName, returnTerms, blocks, giftCards),
    },
    db,
  );
  const fulfilment = fulfillmentEmail
    ? await mail.send({ kind: 'order-fulfilment', ...about(order), to: fulfillmentEmail, ...renderNewOrderNotice(order, shopName, noticeBlocks) }, db)
    : null;
  return { confirmation, fulfilment };
}

/** For the admin orders tab: the order was marked shipped with a tracking number. */
export async function sendOrderShippedEmail(mail: MailService, db: Database | Transaction, order: OrderEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'order-shipped');
  return mail.send({ kind: 'order-shipped', ...about(order), to: order.customerEmail, ...renderOrderShipped(withLink(mail, order), shopName, blocks) }, db);
}

/** One parcel of the order left (decision 050): its items and tracking link, in the shipment's transaction. */
export async function sendShipmentEmail(
  mail: MailService,
  db: Database | Transaction,
  order: OrderEmailData,
  shipment: ShipmentEmailData,
): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'order-shipment');
  return mail.send(
    { kind: 'order-shipment', ...about(order), to: order.customerEmail, ...renderShipmentSent(withLink(mail, order), shipment, shopName, blocks) },
    db,
  );
}

/** A local pickup order waits at the shop: its address and hours from the contact details. */
export async function sendReadyForPickupEmail(
  mail: MailService,
  db: Database | Transaction,
  order: OrderEmailData,
  shipment: ShipmentEmailData,
): Promise<MailResult> {
  // one after the other: in a transaction both reads share its one connection
  const { shopName } = await readShop(db);
  const place = await readPickupPlace(db);
  const blocks = await readTemplateBlocks(db, 'order-ready-for-pickup');
  return mail.send(
    {
      kind: 'order-ready-for-pickup',
      ...about(order),
      to: order.customerEmail,
      ...renderReadyForPickup(withLink(mail, order), shipment, shopName, place, blocks),
    },
    db,
  );
}

/**
 * A paid order was cancelled and refunded: the customer is told, and when the customer cancelled
 * it themselves, the fulfilment address too (so nobody packs it).
 */
export async function sendOrderCancelledEmail(
  mail: MailService,
  db: Database | Transaction,
  order: OrderEmailData,
  options: { byCustomer?: boolean } = {},
): Promise<MailResult> {
  const { shopName, fulfillmentEmail } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'order-cancelled');
  const result = await mail.send(
    {
      kind: 'order-cancelled',
      ...about(order),
      to: order.customerEmail,
      ...renderOrderCancelled(withLink(mail, order), shopName, blocks),
    },
    db,
  );
  if (options.byCustomer && fulfillmentEmail) {
    const noticeBlocks = await readTemplateBlocks(db, 'order-cancelled-notice');
    await mail.send(
      { kind: 'order-cancelled-notice', ...about(order), to: fulfillmentEmail, ...renderOrderCancelledNotice(order, shopName, noticeBlocks) },
      db,
    );
  }
  return result;
}

/** Money went back on a paid order: the customer is told how much, why, and how to reach the shop. */
export async function sendOrderRefundedEmail(
  mail: MailService,
  db: Database | Transaction,
  order: OrderEmailData,
  refund: RefundEmailData,
): Promise<MailResult> {
  // one after the other: in a transaction both reads share its one connection
  const { shopName } = await readShop(db);
  const contact = await readShopContact(db);
  const blocks = await readTemplateBlocks(db, 'order-refunded');
  return mail.send(
    {
      kind: 'order-refunded',
      ...about(order),
      to: order.customerEmail,
      ...renderOrderRefunded(withLink(mail, order), refund, shopName, contact, blocks),
    },
    db,
  );
}

/** The guest lookup found the order: its signed link, to the order's own address only. */
export async function sendOrderLinkEmail(mail: MailService, db: Database, data: OrderLinkEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'order-link');
  return mail.send({ kind: 'order-link', to: data.customerEmail, ...renderOrderLink(data, shopName, blocks) });
}

export type CustomerOrderTemplate = 'order-confirmation' | 'order-shipped';

/**
 * One customer e-mail on its own, rendered by the same template customers get; for the admin's
 * test e-mail page, whose `kind` keeps test messages apart in the outbox. Sent at once, not queued:
 * the owner is checking the mail server and wants its answer.
 */
export async function sendCustomerOrderEmail(
  mail: MailService,
  db: Database,
  order: OrderEmailData,
  options: { template: CustomerOrderTemplate; kind: string },
): Promise<DirectMailResult> {
  const { shopName } = await readShop(db);
  const linked = withLink(mail, order);
  const blocks = await readTemplateBlocks(db, options.template);
  const rendered =
    options.template === 'order-shipped' ? renderOrderShipped(linked, shopName, blocks) : renderOrderConfirmation(linked, shopName, undefined, blocks);
  return mail.sendNow({ kind: options.kind, to: order.customerEmail, ...rendered });
}

/**
 * A return moved a step: the customer is told, with the order's link and the shop's contact. Written
 * on the step's own transaction, so the e-mail exists exactly when the step does.
 */
export async function sendOrderReturnEmail(mail: MailService, tx: Database | Transaction, order: OrderEmailData, data: ReturnEmailData): Promise<MailResult> {
  // one after the other: in a transaction the reads share its one connection
  const { shopName } = await readShop(tx);
  const contact = await readShopContact(tx);
  const template = orderReturnEmails[data.step];
  const blocks = await readTemplateBlocks(tx, template.key);
  return mail.send(
    { kind: template.key, ...about(order), to: order.customerEmail, ...renderOrderReturn(withLink(mail, order), data, shopName, contact, blocks) },
    tx,
  );
}
