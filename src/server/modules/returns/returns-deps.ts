import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import type { OrderLinks } from '#server/modules/orders/order-link-service.ts';
import type { PaymentContext } from '#server/modules/payments/payment-service.ts';

/** What the returns routes are handed by the composition root; each plugin takes the part it uses. */
export interface ReturnsDeps {
  db: Database;
  mail: MailService;
  /** a customer opens their returns with the order page's signed link */
  orderLinks: OrderLinks;
  /** a return's refund goes through the payments refund workflow */
  payments: PaymentContext;
}
