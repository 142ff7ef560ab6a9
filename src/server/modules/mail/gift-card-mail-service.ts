import type { Database, Transaction } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { readShop } from './shop-details.ts';
import { giftCardDeliveryEmail, renderGiftCardDelivery, type GiftCardDeliveryEmailData } from './templates/gift-card-delivery.ts';

/** A bought gift card to its recipient, written in the transaction that issues the card (so the code is never lost or sent twice). */
export async function sendGiftCardEmail(
  mail: MailService,
  tx: Database | Transaction,
  delivery: GiftCardDeliveryEmailData & { to: string; orderId: number },
): Promise<MailResult> {
  const { shopName } = await readShop(tx);
  const blocks = await readTemplateBlocks(tx, giftCardDeliveryEmail.key);
  return mail.send({ kind: 'gift-card', to: delivery.to, orderId: delivery.orderId, ...renderGiftCardDelivery(delivery, shopName, blocks) }, tx);
}
