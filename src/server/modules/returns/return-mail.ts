import type { Transaction } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendOrderReturnEmail, type ReturnEmailData } from '#server/modules/mail/order-mail-service.ts';
import { loadOrderView } from '#server/modules/orders/order-service.ts';

/** Tells the customer of a return's step, on the step's transaction: the e-mail exists exactly when the step does. */
export async function emailReturnStep(tx: Transaction, mail: MailService, orderId: number, data: ReturnEmailData): Promise<void> {
  const view = await loadOrderView(tx, orderId);
  if (view) await sendOrderReturnEmail(mail, tx, view, data);
}
