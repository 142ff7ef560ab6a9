import type { Database, Transaction } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { readShop } from './shop-details.ts';
import type { OrderEmailData } from './templates/order-summary.ts';
import { renderStoreCredit, storeCreditEmail, type StoreCreditEmailData } from './templates/store-credit.ts';

/** A return's store credit to the customer, written in the transaction that issues the card: the code is never lost or sent twice. */
export async function sendStoreCreditEmail(
  mail: MailService,
  tx: Database | Transaction,
  order: OrderEmailData,
  data: StoreCreditEmailData,
): Promise<MailResult> {
  const { shopName } = await readShop(tx);
  const blocks = await readTemplateBlocks(tx, storeCreditEmail.key);
  const linked = mail.orderPageUrl && order.orderNumber ? { ...order, orderUrl: mail.orderPageUrl(order.orderNumber) } : order;
  return mail.send({ kind: 'store-credit', to: order.customerEmail, orderId: order.id, ...renderStoreCredit(linked, data, shopName, blocks) }, tx);
}
