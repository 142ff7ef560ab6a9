import type { Database, Transaction } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { oneClickUnsubscribeHeaders } from './marketing-mail-service.ts';
import { readShop } from './shop-details.ts';
import { renderBackInStock, renderStockAlertConfirm, type StockAlertEmailData } from './templates/stock-alert.ts';

/** The double opt-in e-mail of a guest's back-in-stock sign-up. */
export async function sendStockAlertConfirmation(mail: MailService, db: Database | Transaction, to: string, data: StockAlertEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'stock-alert-confirm');
  return mail.send({ kind: 'stock-alert-confirm', to, ...renderStockAlertConfirm(data, shopName, blocks) }, db);
}

/**
 * The back-in-stock e-mail, written in the restock's transaction. One-click unsubscribe (RFC 8058):
 * a mail client POSTs to the List-Unsubscribe address without opening the page.
 */
export async function sendBackInStockEmail(
  mail: MailService,
  tx: Transaction,
  to: string,
  data: StockAlertEmailData & { unsubscribeUrl: string },
): Promise<MailResult> {
  const { shopName } = await readShop(tx);
  const blocks = await readTemplateBlocks(tx, 'back-in-stock');
  return mail.send(
    {
      kind: 'back-in-stock',
      to,
      ...renderBackInStock({ ...data, actionUrl: data.unsubscribeUrl }, shopName, blocks),
      headers: oneClickUnsubscribeHeaders(data.unsubscribeUrl),
    },
    tx,
  );
}
